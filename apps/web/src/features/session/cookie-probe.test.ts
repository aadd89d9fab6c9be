import { describe, expect, it } from 'vitest';
import { createMemoryStorage, probeCookiesEnabled } from './cookie-probe.js';

function cookieJar(isKept: boolean) {
  let jar = '';
  return {
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      if (isKept) jar = value.split(';')[0] ?? '';
    },
  };
}

describe('probeCookiesEnabled (spec 2: disabled cookies go to /cookiesblocked)', () => {
  const storage = () => createMemoryStorage();

  it('accepts a browser that keeps storage and cookies', () => {
    expect(
      probeCookiesEnabled({
        navigator: { cookieEnabled: true },
        localStorage: storage,
        document: cookieJar(true),
      }),
    ).toBe(true);
  });

  it('refuses when the browser says cookies are off', () => {
    expect(probeCookiesEnabled({ navigator: { cookieEnabled: false }, localStorage: storage })).toBe(false);
  });

  it('refuses when localStorage cannot be reached or written', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(probeCookiesEnabled({ localStorage: blocked })).toBe(false);
    const full: Storage = {
      ...createMemoryStorage(),
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(probeCookiesEnabled({ localStorage: () => full })).toBe(false);
  });

  it('refuses when a cookie does not read back', () => {
    expect(
      probeCookiesEnabled({
        navigator: { cookieEnabled: true },
        localStorage: storage,
        document: cookieJar(false),
      }),
    ).toBe(false);
  });
});
