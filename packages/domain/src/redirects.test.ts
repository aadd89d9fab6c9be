import { describe, expect, it } from 'vitest';
import {
  parseRedirectUrl,
  resolveRedirects,
  resolveRedirectTimeout,
  shouldRunExitCountdown,
} from './redirects.js';

describe('parseRedirectUrl (spec 5)', () => {
  it('keeps absolute http and https URLs, normalised', () => {
    expect(parseRedirectUrl('https://shop.example/done?x=1')).toBe('https://shop.example/done?x=1');
    expect(parseRedirectUrl('http://shop.example')).toBe('http://shop.example/');
    expect(parseRedirectUrl('  HTTPS://Shop.Example/a  ')).toBe('https://shop.example/a');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@example.com',
    'ftp://files.example/x',
    'file:///etc/passwd',
    '/relative/path',
    '//evil.example/x',
    'shop.example',
    'https://',
    '',
    '   ',
  ])('drops %j', (value) => {
    expect(parseRedirectUrl(value)).toBeNull();
  });

  it('drops values that are not strings', () => {
    for (const value of [undefined, null, 42, ['https://a.example'], { href: 'https://a.example' }]) {
      expect(parseRedirectUrl(value)).toBeNull();
    }
  });
});

describe('resolveRedirectTimeout (spec 5, 9)', () => {
  it('defaults to 45 s when absent or not a number', () => {
    for (const value of [undefined, null, '', 'abc', '12abc', NaN, Infinity, {}, '1e3']) {
      expect(resolveRedirectTimeout(value), String(value)).toBe(45);
    }
  });

  it('keeps 0 as no countdown', () => {
    expect(resolveRedirectTimeout(0)).toBe(0);
    expect(resolveRedirectTimeout('0')).toBe(0);
  });

  it('clamps other values to 10..90', () => {
    expect(resolveRedirectTimeout('5')).toBe(10);
    expect(resolveRedirectTimeout(-30)).toBe(10);
    expect(resolveRedirectTimeout(10)).toBe(10);
    expect(resolveRedirectTimeout('60')).toBe(60);
    expect(resolveRedirectTimeout(90)).toBe(90);
    expect(resolveRedirectTimeout('600')).toBe(90);
    expect(resolveRedirectTimeout('12.6')).toBe(13);
  });
});

describe('resolveRedirects (spec 5)', () => {
  const exit = 'https://shop.example/exit';

  it('lets error and decline fall back to exit when absent or invalid', () => {
    expect(resolveRedirects({ exit })).toEqual({ exit, error: exit, decline: exit, redirectTimeoutS: 45 });
    expect(resolveRedirects({ exit, error: 'javascript:x', decline: '/x' })).toMatchObject({
      error: exit,
      decline: exit,
    });
  });

  it('keeps valid error and decline URLs of their own', () => {
    const result = resolveRedirects({
      exit,
      error: 'https://shop.example/error',
      decline: 'http://shop.example/declined',
      redirectTimeout: '20',
    });
    expect(result).toEqual({
      exit,
      error: 'https://shop.example/error',
      decline: 'http://shop.example/declined',
      redirectTimeoutS: 20,
    });
  });

  it('gives nothing when exit is invalid and the others absent', () => {
    expect(resolveRedirects({ exit: 'javascript:alert(1)' })).toEqual({
      exit: null,
      error: null,
      decline: null,
      redirectTimeoutS: 45,
    });
  });

  it('keeps error and decline even without an exit', () => {
    expect(resolveRedirects({ error: 'https://a.example/e' })).toMatchObject({
      exit: null,
      error: 'https://a.example/e',
      decline: null,
    });
  });
});

describe('shouldRunExitCountdown (spec 4)', () => {
  it('runs only when the viewed request is the last one handled', () => {
    expect(shouldRunExitCountdown('sr1', 'sr1')).toBe(true);
    expect(shouldRunExitCountdown('sr1', 'sr2')).toBe(false);
    expect(shouldRunExitCountdown('sr1', null)).toBe(false);
    expect(shouldRunExitCountdown(undefined, undefined)).toBe(false);
    expect(shouldRunExitCountdown('', '')).toBe(false);
  });
});
