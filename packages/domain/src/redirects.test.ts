import { describe, expect, it } from 'vitest';
import {
  decideLeave,
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

describe('decideLeave (spec 2, 4, 5)', () => {
  const all = resolveRedirects({
    exit: 'https://shop.example/exit',
    error: 'https://shop.example/error',
    decline: 'https://shop.example/declined',
    redirectTimeout: '20',
  });
  const handled = { viewed: 'sr1', lastHandled: 'sr1' };
  /** the request's business registered the shop's origin */
  const registered = ['https://shop.example'];

  it('goes to exit after signing, counting down when the viewed request was the last handled', () => {
    expect(decideLeave('signed', all, handled, registered)).toEqual({
      kind: 'countdown',
      url: 'https://shop.example/exit',
      seconds: 20,
    });
  });

  it('only offers exit when another request was handled last', () => {
    expect(decideLeave('signed', all, { viewed: 'sr1', lastHandled: 'sr2' }, registered)).toEqual({
      kind: 'offer',
      url: 'https://shop.example/exit',
    });
    expect(decideLeave('signed', all, { viewed: 'sr1', lastHandled: null }, registered)).toMatchObject({
      kind: 'offer',
    });
  });

  it('leaves at once when redirectTimeout is 0', () => {
    const noWait = resolveRedirects({ exit: 'https://shop.example/exit', redirectTimeout: '0' });
    expect(decideLeave('signed', noWait, handled, registered)).toEqual({
      kind: 'immediate',
      url: 'https://shop.example/exit',
    });
  });

  it('goes to decline at once after declining, falling back to exit', () => {
    expect(decideLeave('declined', all, handled, registered)).toEqual({
      kind: 'immediate',
      url: 'https://shop.example/declined',
    });
    const exitOnly = resolveRedirects({ exit: 'https://shop.example/exit', decline: 'javascript:alert(1)' });
    expect(decideLeave('declined', exitOnly, handled, registered)).toEqual({
      kind: 'immediate',
      url: 'https://shop.example/exit',
    });
  });

  it('offers error after a failure, falling back to exit', () => {
    expect(decideLeave('failed', all, handled, registered)).toEqual({
      kind: 'offer',
      url: 'https://shop.example/error',
    });
    const exitOnly = resolveRedirects({ exit: 'https://shop.example/exit', error: 'javascript:alert(1)' });
    expect(decideLeave('failed', exitOnly, handled, registered)).toEqual({
      kind: 'offer',
      url: 'https://shop.example/exit',
    });
  });

  it('stays in the app for every outcome when no valid URL was given', () => {
    const none = resolveRedirects({ exit: 'javascript:alert(1)', error: 'data:x', decline: 'ftp://x' });
    for (const outcome of ['signed', 'declined', 'failed'] as const) {
      expect(decideLeave(outcome, none, handled, registered)).toEqual({ kind: 'none' });
    }
  });

  describe('an origin the business has not registered (spec 5: explicit permission)', () => {
    const cases: [string, readonly string[]][] = [
      ['an individual', []],
      ['another business', ['https://other.example']],
      ['a business that registered a look-alike', ['https://shop.example.evil.test']],
    ];

    it.each(cases)('asks instead of counting down or going at once, on the request of %s', (_, origins) => {
      const noWait = resolveRedirects({ exit: 'https://shop.example/exit', redirectTimeout: '0' });
      const asked = [
        decideLeave('signed', all, handled, origins),
        decideLeave('signed', noWait, handled, origins),
        decideLeave('declined', all, handled, origins),
      ];
      expect(asked).toEqual([
        { kind: 'ask', url: 'https://shop.example/exit' },
        { kind: 'ask', url: 'https://shop.example/exit' },
        { kind: 'ask', url: 'https://shop.example/declined' },
      ]);
    });

    it.each(cases)('still only offers, named, what it offered, on the request of %s', (_, origins) => {
      expect(decideLeave('failed', all, handled, origins)).toEqual({
        kind: 'offer',
        url: 'https://shop.example/error',
      });
      expect(decideLeave('signed', all, { viewed: 'sr1', lastHandled: 'sr2' }, origins)).toEqual({
        kind: 'offer',
        url: 'https://shop.example/exit',
      });
    });

    it('judges each address by its own origin: a registered exit does not vouch for the decline', () => {
      const mixed = resolveRedirects({
        exit: 'https://shop.example/exit',
        decline: 'https://elsewhere.example/declined',
      });
      expect(decideLeave('signed', mixed, handled, registered)).toMatchObject({ kind: 'countdown' });
      expect(decideLeave('declined', mixed, handled, registered)).toEqual({
        kind: 'ask',
        url: 'https://elsewhere.example/declined',
      });
    });

    it('asks about plain http even when the https origin of the same host is registered', () => {
      const plain = resolveRedirects({ exit: 'http://shop.example/exit' });
      expect(decideLeave('signed', plain, handled, registered)).toEqual({
        kind: 'ask',
        url: 'http://shop.example/exit',
      });
    });
  });
});
