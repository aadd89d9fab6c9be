import { describe, expect, it } from 'vitest';
import { createRedirectTargetStore } from './redirect-target.js';

describe('redirect target', () => {
  it('returns the stored path once', () => {
    const store = createRedirectTargetStore(sessionStorage);
    store.save('/view/abc?exit=https%3A%2F%2Fexample.com');
    expect(store.take()).toBe('/view/abc?exit=https%3A%2F%2Fexample.com');
    expect(store.take()).toBeNull();
  });

  it('refuses other origins and the login and logout pages', () => {
    const store = createRedirectTargetStore(sessionStorage);
    for (const path of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/login?x=1',
      '/logout',
    ]) {
      store.save(path);
      expect(store.take(), path).toBeNull();
    }
  });
});
