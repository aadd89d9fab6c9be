import { ROUTES } from '@countersign/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { directViewIds, resolveDirectSession, roleOnRoute } from './direct-session.js';

const token = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const ids = { requestId: 'sr1', signerId: 'sig1' };
const route = (path: string) => {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(path);
  return found;
};

beforeEach(() => sessionStorage.clear());

describe('resolveDirectSession', () => {
  it('takes the token from the address and remembers it for this request and signer', () => {
    expect(resolveDirectSession(sessionStorage, ids, `?token=${token}&exit=https://a.example`)).toEqual({
      ...ids,
      token,
    });
    expect(resolveDirectSession(sessionStorage, ids, '')).toEqual({ ...ids, token });
    expect(resolveDirectSession(sessionStorage, null, '')).toEqual({ ...ids, token });
  });

  it('does not lend a remembered token to another request or signer', () => {
    resolveDirectSession(sessionStorage, ids, `?token=${token}`);
    expect(resolveDirectSession(sessionStorage, { requestId: 'sr2', signerId: 'sig1' }, '')).toBeNull();
    expect(resolveDirectSession(sessionStorage, { requestId: 'sr1', signerId: 'sig9' }, '')).toBeNull();
  });

  it('ignores tokens that cannot be ones we issued', () => {
    expect(resolveDirectSession(sessionStorage, ids, '?token=short')).toBeNull();
    expect(
      resolveDirectSession(sessionStorage, ids, `?token=${encodeURIComponent('<script>' + token)}`),
    ).toBeNull();
  });
});

describe('roleOnRoute (spec 4)', () => {
  const session = { ...ids, token };

  it('makes a direct session nas on the direct-sign routes, even in a browser signed in to an account', () => {
    expect(roleOnRoute('unauthenticated', route('/view/:id/:userid'), session)).toBe('nas');
    expect(roleOnRoute('user', route('/view/:id/:userid'), session)).toBe('nas');
  });

  it('leaves every other case to the account', () => {
    expect(roleOnRoute('unauthenticated', route('/view/:id/:userid'), null)).toBe('unauthenticated');
    expect(roleOnRoute('user', route('/view/:srid'), session)).toBe('user');
    expect(roleOnRoute('unauthenticated', route('/dashboard'), session)).toBe('unauthenticated');
  });
});

describe('directViewIds', () => {
  it('reads the request and signer from /view/{id}/{userid}', () => {
    expect(directViewIds('/view/sr1/sig1')).toEqual(ids);
    expect(directViewIds('/view/sr1')).toBeNull();
    expect(directViewIds('/view/sr1/sig1/extra')).toBeNull();
  });

  it('reads them from the embedded signing page too', () => {
    expect(directViewIds('/embed/sign/sr1/sig1')).toEqual(ids);
    expect(directViewIds('/embed/sr1/sig1')).toBeNull();
  });
});
