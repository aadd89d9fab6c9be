import { beforeEach, describe, expect, it } from 'vitest';
import { requestIdOfState, returnPathOf, sourceOfReturn, viewPathOf } from './provider-signing.js';

describe('coming back from the QTSP', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('reads the request id from the state, and nothing from a malformed one', () => {
    expect(requestIdOfState('req_1.AbC-_9')).toBe('req_1');
    expect(requestIdOfState('no-dot')).toBeNull();
    expect(requestIdOfState('a/b.c')).toBeNull();
    expect(requestIdOfState(null)).toBeNull();
  });

  it("is the link holder's signature when the tab holds their session for that request", () => {
    window.sessionStorage.setItem(
      'countersign.direct-session',
      JSON.stringify({ requestId: 'r1', signerId: 's1', token: 't'.repeat(24) }),
    );
    expect(sourceOfReturn(window.sessionStorage, 'r1')).toEqual({
      kind: 'direct',
      requestId: 'r1',
      signerId: 's1',
      token: 't'.repeat(24),
    });
    expect(sourceOfReturn(window.sessionStorage, 'r2')).toEqual({ kind: 'account', requestId: 'r2' });
  });

  it('goes back only to a path of this app', () => {
    const fallback = viewPathOf({ kind: 'account', requestId: 'r1' });
    expect(fallback).toBe('/view/r1');
    expect(returnPathOf({ back: '/view/r1/s1?exit=https%3A%2F%2Fa.example' }, fallback)).toBe(
      '/view/r1/s1?exit=https%3A%2F%2Fa.example',
    );
    expect(returnPathOf({ back: '//evil.example/x' }, fallback)).toBe(fallback);
    expect(returnPathOf({ back: 'https://evil.example' }, fallback)).toBe(fallback);
    expect(returnPathOf({ back: '/\\evil.example' }, fallback)).toBe(fallback);
    expect(returnPathOf({}, fallback)).toBe(fallback);
  });
});
