import { describe, expect, it } from 'vitest';
import { normaliseRedirectOrigins, parseRedirectOrigin, redirectPermission } from './redirect-origins.js';

describe('parseRedirectOrigin (ADR 064)', () => {
  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['https://shop.example:8443', 'https://shop.example:8443'],
    ['  HTTPS://Shop.Example  ', 'https://shop.example'],
    // the default port is no port, as in the origin of a URL
    ['https://shop.example:443', 'https://shop.example'],
    ['https://a-b.c-d.example', 'https://a-b.c-d.example'],
    ['https://localhost:8443', 'https://localhost:8443'],
    ['https://192.0.2.10', 'https://192.0.2.10'],
    ['https://[2001:db8::1]:8443', 'https://[2001:db8::1]:8443'],
    // an internationalised name compares as the browser's origin does: in punycode
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('keeps %j as %j', (value, origin) => {
    expect(parseRedirectOrigin(value)).toBe(origin);
  });

  it.each([
    'http://shop.example',
    'https://shop.example/',
    'https://shop.example/done',
    'https://shop.example?x=1',
    'https://shop.example#top',
    'https://user@shop.example',
    'https://user:pw@shop.example',
    'https://*.shop.example',
    'https://shop_example.test',
    'https://shop.example.',
    'https://shop..example',
    'https://shop.example:99999',
    'https://shop.example:',
    'https://',
    'shop.example',
    '//shop.example',
    'wss://shop.example',
    'javascript:alert(1)',
    'https://shop.example\\@evil.test',
    'https://shop example',
    '',
    `https://${'a'.repeat(300)}.example`,
  ])('refuses %j', (value) => {
    expect(parseRedirectOrigin(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, ['https://shop.example'], { origin: 'https://shop.example' }])
      expect(parseRedirectOrigin(value)).toBeNull();
  });
});

describe('normaliseRedirectOrigins', () => {
  it('normalises each and drops repeats, keeping the first place', () => {
    expect(
      normaliseRedirectOrigins([
        'https://Shop.Example',
        'https://b.example:8443',
        'https://shop.example:443',
        'https://shop.example',
      ]),
    ).toEqual({ ok: true, origins: ['https://shop.example', 'https://b.example:8443'] });
    expect(normaliseRedirectOrigins([])).toEqual({ ok: true, origins: [] });
  });

  it('names the first entry that is not an origin', () => {
    expect(normaliseRedirectOrigins(['https://shop.example', 'http://b.example', 'nope'])).toEqual({
      ok: false,
      index: 1,
    });
  });
});

describe('redirectPermission (spec 5: an external URL needs explicit permission)', () => {
  const allowed = ['https://shop.example', 'https://pay.example:8443'];

  it.each([
    'https://shop.example',
    'https://shop.example/',
    'https://shop.example/done?order=1#top',
    'HTTPS://SHOP.EXAMPLE/done',
    'https://shop.example:443/done',
    '  https://shop.example/done  ',
    'https://pay.example:8443/return',
  ])('leaves for %j, of a registered origin, without asking', (url) => {
    expect(redirectPermission(url, allowed)).toBe('leave');
  });

  it.each([
    // not the registered origin: another host, a look-alike, another port or scheme
    'https://evil.example/',
    'https://shop.example.evil.example/',
    'https://evilshop.example/',
    'https://shop.example@evil.example/',
    'https://sub.shop.example/',
    'https://shop.example:8443/',
    'https://pay.example/return',
    'http://shop.example/',
    'http://pay.example:8443/return',
  ])('asks before leaving for %j', (url) => {
    expect(redirectPermission(url, allowed)).toBe('ask');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://shop.example/',
    'mailto:a@shop.example',
    '/relative',
    '//shop.example/x',
    '',
    '   ',
  ])('refuses %j whatever is registered', (url) => {
    expect(redirectPermission(url, allowed)).toBe('refuse');
    expect(redirectPermission(url, [])).toBe('refuse');
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { href: 'https://shop.example' }])
      expect(redirectPermission(value, allowed)).toBe('refuse');
  });

  it('asks about every web address when nothing is registered (an individual, or a business without any)', () => {
    expect(redirectPermission('https://shop.example/done', [])).toBe('ask');
  });

  it('never lets an entry that is not an origin allow anything', () => {
    // stored settings are checked when saved; the rule does not rely on it
    for (const entry of [
      'https://shop.example/',
      'http://shop.example',
      '*',
      'https://*.example',
      'shop.example',
    ])
      expect(redirectPermission('https://shop.example/done', [entry]), entry).toBe('ask');
    expect(redirectPermission('http://shop.example/done', ['http://shop.example'])).toBe('ask');
  });
});
