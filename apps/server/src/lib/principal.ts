// Who makes a call, as every use case receives it. Three kinds (ARCHITECTURE.md, "Principals and
// tenancy"): a person signed in with a session, a link holder (a signer without an account, the
// spec's nas, bound to one signer of one request), and an API user acting for a business with
// Basic auth. Roles are derived from the principal (spec section 4), and a person's business role
// comes from the membership read with the session, never from a flag on the user.
import { roleOf, type BusinessRole, type Role } from '@countersign/domain';
import { AppError } from './app-error.js';

/** A person's place in a business, as the membership table says at the time of the call. */
export interface BusinessMembership {
  businessId: string;
  role: BusinessRole;
}

export interface PersonPrincipal {
  kind: 'person';
  userId: string;
  /** the account's e-mail address, read with the session (requests find their parties by it) */
  email: string;
  sessionId: string;
  membership: BusinessMembership | null;
  ip: string;
}

export interface LinkHolderPrincipal {
  kind: 'link_holder';
  /** the signer the link was issued to, and that signer's request */
  signerId: string;
  requestId: string;
  ip: string;
}

/** An API user of a business (Basic auth); it acts for the business, never as one of its people. */
export interface ApiUserPrincipal {
  kind: 'api_user';
  businessId: string;
  username: string;
  /** the account row that owns the requests it sends (it never signs in, ADR 052) */
  userId: string;
  /** the address that stands for the API user among a request's signers */
  email: string;
  ip: string;
}

export type Principal = PersonPrincipal | LinkHolderPrincipal | ApiUserPrincipal;

/** Spec 4: the role a principal holds; no principal is unauthenticated. */
export function roleOfPrincipal(principal: Principal | undefined): Role {
  if (!principal) return 'unauthenticated';
  switch (principal.kind) {
    case 'person':
      return roleOf({ userId: principal.userId, businessRole: principal.membership?.role ?? null });
    case 'link_holder':
      return 'nas';
    case 'api_user':
      // An API user is no person of the business: for the route table it is a plain user.
      return 'user';
  }
}

/** The signed-in person making the call, or 401 for anyone else. */
export function requirePerson(principal: Principal | undefined): PersonPrincipal {
  if (principal?.kind !== 'person') {
    throw new AppError('auth.required', 'Sign in first: this call needs a session token');
  }
  return principal;
}

/**
 * A signed-in person or an API user, on the calls the contract opens to API users (auth
 * 'business', ADR 052); 401 for anyone else.
 */
export function requirePersonOrApiUser(principal: Principal | undefined): PersonPrincipal | ApiUserPrincipal {
  return principal?.kind === 'api_user' ? principal : requirePerson(principal);
}
