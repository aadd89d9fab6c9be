import { describe, expect, it } from 'vitest';
import {
  analyticsRole,
  isLoggedIn,
  isRoleIncluded,
  isUserGuidanceEnabled,
  listIncludedRoles,
  roleOf,
  ROLES,
} from './roles.js';
import type { BusinessRole, Role } from './roles.js';

describe('roleOf (spec 4)', () => {
  it('is unauthenticated without a user id, whatever else is set', () => {
    for (const userId of [undefined, null, '']) {
      for (const isDirectSession of [undefined, false, true]) {
        for (const businessRole of [undefined, null, 'admin', 'member'] as const) {
          expect(roleOf({ userId, isDirectSession, businessRole })).toBe('unauthenticated');
        }
      }
    }
  });

  it('is nas for a direct session, before any business role', () => {
    for (const businessRole of [undefined, 'admin', 'member'] as const) {
      expect(roleOf({ userId: 'u1', isDirectSession: true, businessRole })).toBe('nas');
    }
  });

  it('is admin for a business admin, member for a business member, else user', () => {
    expect(roleOf({ userId: 'u1', businessRole: 'admin' })).toBe('admin');
    expect(roleOf({ userId: 'u1', businessRole: 'member' })).toBe('member');
    expect(roleOf({ userId: 'u1' })).toBe('user');
    expect(roleOf({ userId: 'u1', isDirectSession: false, businessRole: null })).toBe('user');
  });
});

describe('role hierarchy (spec 2)', () => {
  const expected: Record<Role, Role[]> = {
    unauthenticated: ['unauthenticated'],
    user: ['user'],
    nas: ['nas'],
    member: ['member', 'user'],
    admin: ['admin', 'member', 'user'],
  };

  it('admin includes member and user; member includes user; nothing else', () => {
    for (const held of ROLES) {
      expect([...listIncludedRoles(held)].sort()).toEqual([...expected[held]].sort());
      for (const required of ROLES) {
        expect(isRoleIncluded(held, required)).toBe(expected[held].includes(required));
      }
    }
  });

  it('counts every role but unauthenticated as logged in', () => {
    expect(ROLES.filter(isLoggedIn)).toEqual(['user', 'nas', 'member', 'admin']);
  });
});

describe('analyticsRole (spec 6)', () => {
  it('reports admin for business admins and user for everyone else', () => {
    const results = Object.fromEntries(ROLES.map((role) => [role, analyticsRole(role)]));
    expect(results).toEqual({
      unauthenticated: 'user',
      user: 'user',
      nas: 'user',
      member: 'user',
      admin: 'admin',
    });
  });

  it('agrees with roleOf for business roles', () => {
    const roles: BusinessRole[] = ['admin', 'member'];
    expect(roles.map((businessRole) => analyticsRole(roleOf({ userId: 'u', businessRole })))).toEqual([
      'admin',
      'user',
    ]);
  });
});

describe('isUserGuidanceEnabled (spec 6)', () => {
  it('is on for the free_legacy plan id or when userPilot is enabled, else off', () => {
    const plans = ['free_legacy', 'PRO_V1', 'free_v1', '', null, undefined];
    const flags = [true, false, null, undefined];
    for (const plan of plans) {
      for (const flag of flags) {
        expect(isUserGuidanceEnabled(plan, flag)).toBe(plan === 'free_legacy' || flag === true);
      }
    }
  });
});
