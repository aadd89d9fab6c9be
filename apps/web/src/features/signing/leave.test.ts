import { describe, expect, it, vi } from 'vitest';
import { leaveToExternal, readLastHandledRequest, rememberHandledRequest } from './leave.js';

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
