import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { apiUserPrincipal, linkHolderPrincipal, personPrincipal } from '../test-support/principals.js';
import { requirePerson, requireLinkHolder, roleOfPrincipal, type Principal } from './principal.js';

const person = personPrincipal;

describe('principal roles (spec section 4)', () => {
  it.each([
    ['nobody', undefined, 'unauthenticated'],
    ['a person without a business', person(null), 'user'],
    ['a business member', person({ businessId: 'b', role: 'member' }), 'member'],
    ['a business admin', person({ businessId: 'b', role: 'admin' }), 'admin'],
    ['a link holder', linkHolderPrincipal(), 'nas'],
    ['an API user', apiUserPrincipal('b'), 'user'],
  ])('%s is %s', (_name, principal, role) => {
    expect(roleOfPrincipal(principal)).toBe(role);
  });

  it('lets only a signed-in person through requirePerson', () => {
    expect(requirePerson(person(null)).userId).toBe('u');
    for (const other of [undefined, linkHolderPrincipal(), apiUserPrincipal('b')]) {
      expect(() => requirePerson(other)).toThrow(AppError);
    }
  });
});

describe('link holders (ADR 041, resolved with the call: ADR 061)', () => {
  const holder = (state: 'active' | 'ended' | 'over'): Principal => ({
    ...linkHolderPrincipal(),
    link: { state, until: state === 'active' ? null : '2026-12-24T10:00:00.000Z' },
  });
  const codeOf = (run: () => unknown) => {
    try {
      run();
      return 'ok';
    } catch (err) {
      return (err as AppError).code;
    }
  };

  it('act on their own open request only, read while the grant lasts, and learn when it ran out', () => {
    const table = (['active', 'ended', 'over'] as const).map((state) => [
      state,
      codeOf(() => requireLinkHolder(holder(state), { requestId: 'r1', access: 'act' })),
      codeOf(() => requireLinkHolder(holder(state), { requestId: 'r1', access: 'read' })),
      codeOf(() => requireLinkHolder(holder(state), { requestId: 'other', access: 'read' })),
    ]);
    expect(table).toEqual([
      ['active', 'ok', 'ok', 'signature_request.not_found'],
      ['ended', 'signature_request.not_found', 'ok', 'signature_request.not_found'],
      ['over', 'signature_request.not_found', 'auth.token_expired', 'signature_request.not_found'],
    ]);
  });

  it('are nobody else', () => {
    for (const other of [undefined, personPrincipal(null), apiUserPrincipal('b')]) {
      expect(codeOf(() => requireLinkHolder(other, { access: 'read' }))).toBe('signature_request.not_found');
    }
  });
});
