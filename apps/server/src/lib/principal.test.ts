import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { requirePerson, roleOfPrincipal, type Principal } from './principal.js';

const person = (membership: { businessId: string; role: 'admin' | 'member' } | null): Principal => ({
  kind: 'person',
  userId: 'u1',
  email: 'p@example.org',
  sessionId: 's1',
  membership,
  ip: '127.0.0.1',
});

describe('principal roles (spec section 4)', () => {
  it.each([
    ['nobody', undefined, 'unauthenticated'],
    ['a person without a business', person(null), 'user'],
    ['a business member', person({ businessId: 'b', role: 'member' }), 'member'],
    ['a business admin', person({ businessId: 'b', role: 'admin' }), 'admin'],
    ['a link holder', { kind: 'link_holder', signerId: 's', requestId: 'r', ip: '::1' } as Principal, 'nas'],
    ['an API user', { kind: 'api_user', businessId: 'b', username: 'api', ip: '::1' } as Principal, 'user'],
  ])('%s is %s', (_name, principal, role) => {
    expect(roleOfPrincipal(principal)).toBe(role);
  });

  it('lets only a signed-in person through requirePerson', () => {
    expect(requirePerson(person(null)).userId).toBe('u1');
    for (const other of [
      undefined,
      { kind: 'link_holder', signerId: 's', requestId: 'r', ip: '::1' } as Principal,
      { kind: 'api_user', businessId: 'b', username: 'api', ip: '::1' } as Principal,
    ]) {
      expect(() => requirePerson(other)).toThrow(AppError);
    }
  });
});
