import { describe, expect, it, vi } from 'vitest';
import { leaveToExternal, leaveToRedirect, readLastHandledRequest, rememberHandledRequest } from './leave.js';

describe('leaveToExternal', () => {
  it('navigates to http and https addresses only', () => {
    const assign = vi.fn();
    expect(leaveToExternal('https://example.org', assign)).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://example.org/');
    for (const url of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', '/dashboard']) {
      expect(leaveToExternal(url, assign), url).toBe(false);
    }
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe('leaveToRedirect (spec 5, ADR 064)', () => {
  const registered = { allowedOrigins: ['https://shop.example'] };

  it("goes by itself only to an origin the request's business registered", () => {
    const assign = vi.fn();
    expect(leaveToRedirect('https://shop.example/done', registered, assign)).toBe(true);
    for (const url of ['https://evil.example/', 'https://shop.example.evil.example/', 'http://shop.example/'])
      expect(leaveToRedirect(url, registered, assign), url).toBe(false);
    expect(leaveToRedirect('https://shop.example/done', { allowedOrigins: [] }, assign)).toBe(false);
    expect(assign.mock.calls).toEqual([['https://shop.example/done']]);
  });

  it('goes anywhere on the web once the person chose it, never to another protocol', () => {
    const assign = vi.fn();
    expect(leaveToRedirect('https://evil.example/x', 'chosen', assign)).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/dashboard'])
      expect(leaveToRedirect(url, 'chosen', assign), url).toBe(false);
    expect(assign.mock.calls).toEqual([['https://evil.example/x']]);
  });
});

describe('last handled request', () => {
  it('remembers the latest request per tab', () => {
    const storage = window.sessionStorage;
    storage.clear();
    expect(readLastHandledRequest(storage)).toBeNull();
    rememberHandledRequest(storage, 'sr1');
    rememberHandledRequest(storage, 'sr2');
    expect(readLastHandledRequest(storage)).toBe('sr2');
  });
});
