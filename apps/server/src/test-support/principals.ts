// Principals as the edge resolves them (ADR 061), for policy tables that judge a caller without
// a server: a person with or without a business, an API user, a link holder.
import type { ApiUserPrincipal, LinkHolderPrincipal, PersonPrincipal, Principal } from '../lib/principal.js';

type Membership = { businessId: string; role: 'admin' | 'member' } | null;

export function personPrincipal(membership: Membership, email = 'p@example.org'): PersonPrincipal {
  return {
    kind: 'person',
    userId: 'u',
    email,
    sessionId: 's',
    membership,
    tenant: membership && { businessId: membership.businessId, status: 'active' },
    ip: '127.0.0.1',
  };
}

export function apiUserPrincipal(businessId: string): ApiUserPrincipal {
  return {
    kind: 'api_user',
    businessId,
    username: 'api_0123456789abcdef0123',
    userId: 'a',
    email: 'api_0123456789abcdef0123@api-users.invalid',
    tenant: { businessId, status: 'active' },
    ip: '127.0.0.1',
  };
}

export function linkHolderPrincipal(): LinkHolderPrincipal {
  return {
    kind: 'link_holder',
    signerId: 's1',
    requestId: 'r1',
    link: { state: 'active', until: null },
    ip: '127.0.0.1',
  };
}

/**
 * Every kind of caller a policy table answers, for a resource of business B: its people and API
 * user, those of business C, a person of no business, a link holder, and nobody.
 */
export function policyCallers(): Record<string, Principal | undefined> {
  return {
    admin: personPrincipal({ businessId: 'B', role: 'admin' }),
    member: personPrincipal({ businessId: 'B', role: 'member' }),
    foreign_admin: personPrincipal({ businessId: 'C', role: 'admin' }),
    foreign_member: personPrincipal({ businessId: 'C', role: 'member' }),
    user: personPrincipal(null),
    link_holder: linkHolderPrincipal(),
    api_user: apiUserPrincipal('B'),
    foreign_api_user: apiUserPrincipal('C'),
    nobody: undefined,
  };
}
