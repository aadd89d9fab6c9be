// Who makes a call, as every use case receives it. Three kinds (ARCHITECTURE.md, "Principals and
// tenancy"): a person signed in with a session, a link holder (a signer without an account, the
// spec's nas, bound to one signer of one request), and an API user acting for a business with
// Basic auth. Roles are derived from the principal (spec section 4), and a person's business role
// comes from the membership read with the session, never from a flag on the user. Who calls and
// the business they act for (the tenant, with its status) are resolved once per call, where the
// call is authenticated (http/endpoint.ts, ADR 061); use cases read them from here and never work
// the business out again from an account id.
import {
  roleOf,
  type BusinessRole,
  type BusinessStatus,
  type LinkState,
  type Role,
} from '@countersign/domain';
import { AppError } from './app-error.js';

/** A person's place in a business, as the membership table says at the time of the call. */
export interface BusinessMembership {
  businessId: string;
  role: BusinessRole;
}

/** The business a call acts for, and what it may still do, as read when the call came in. */
export interface Tenant {
  businessId: string;
  status: BusinessStatus;
}

/** The business of an id with its status now; undefined once the business is deleted. */
export type TenantResolver = (businessId: string) => Promise<Tenant | undefined>;

export interface PersonPrincipal {
  kind: 'person';
  userId: string;
  /** the account's e-mail address, read with the session (requests find their parties by it) */
  email: string;
  sessionId: string;
  membership: BusinessMembership | null;
  /** the business of the membership, with its status; null for an individual */
  tenant: Tenant | null;
  ip: string;
}

export interface LinkHolderPrincipal {
  kind: 'link_holder';
  /** the signer the link was issued to, and that signer's request */
  signerId: string;
  requestId: string;
  /**
   * What the link may still do (ADR 041): `active` while its request is open; once the request
   * ended, a read-only grant (`ended`) until it runs out (`over`).
   */
  link: { state: LinkState; until: string | null };
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
  /** the business it acts for; an API user of a deleted business is never authenticated */
  tenant: Tenant;
  ip: string;
  /** 'mcp' when an agent makes the call through the MCP server: its events say so (ADR 095) */
  via?: 'mcp';
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

/** The business the caller acts for: a person's by membership, an API user's own; else null. */
export function tenantOf(principal: Principal | undefined): Tenant | null {
  if (principal?.kind === 'person') return principal.tenant;
  if (principal?.kind === 'api_user') return principal.tenant;
  return null;
}

/**
 * The link holder making the call, if its link may do what the route does (ADR 041): act only
 * while its request is open, read while its grant lasts, and only on its own request. Anything
 * else answers 404, and a grant that ran out 410 `auth.token_expired`.
 */
export function requireLinkHolder(
  principal: Principal | undefined,
  options: { requestId?: string | undefined; access: 'act' | 'read' },
): LinkHolderPrincipal {
  if (
    principal?.kind !== 'link_holder' ||
    (options.requestId !== undefined && principal.requestId !== options.requestId) ||
    (principal.link.state !== 'active' && options.access === 'act')
  ) {
    throw new AppError('signature_request.not_found', 'No such signature request for this link');
  }
  if (principal.link.state === 'over') {
    throw new AppError('auth.token_expired', 'This request is over and its downloads have ended');
  }
  return principal;
}
