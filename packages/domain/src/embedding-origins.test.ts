import { describe, expect, it } from 'vitest';
import { frameAncestorsFor, normaliseEmbeddingOrigins, parseEmbeddingOrigin } from './embedding-origins.js';

describe('embedding origins', () => {
  it('keeps https origins and http ones on loopback hosts, in the browser form', () => {
    expect(parseEmbeddingOrigin('https://Shop.Example:443')).toBe('https://shop.example');
    expect(parseEmbeddingOrigin('https://shop.example:8443')).toBe('https://shop.example:8443');
    expect(parseEmbeddingOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(parseEmbeddingOrigin('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(parseEmbeddingOrigin('http://[::1]:80')).toBe('http://[::1]');
  });

  it('refuses plain http elsewhere, paths, wildcards, users and other protocols', () => {
    for (const value of [
      'http://shop.example',
      'http://localhost.evil.test',
      'http://127.0.0.1.evil.test',
      'https://shop.example/app',
      'https://*.shop.example',
      'https://me@shop.example',
      'ftp://shop.example',
      "'self'",
      '*',
      'https://shop.example https://evil.test',
      42,
    ])
      expect(parseEmbeddingOrigin(value), String(value)).toBeNull();
  });

  it('names the first refused entry and drops repeats', () => {
    expect(normaliseEmbeddingOrigins(['https://a.example', 'https://A.example'])).toEqual({
      ok: true,
      origins: ['https://a.example'],
    });
    expect(normaliseEmbeddingOrigins(['https://a.example', 'http://b.example'])).toEqual({
      ok: false,
      index: 1,
    });
  });

  it('frames for the registered origins only, and for nobody without one', () => {
    expect(frameAncestorsFor(['https://a.example', 'http://localhost:3001'])).toBe(
      'https://a.example http://localhost:3001',
    );
    expect(frameAncestorsFor([])).toBe("'none'");
    expect(frameAncestorsFor(['https://a.example; script-src *'])).toBe("'none'");
  });
});
