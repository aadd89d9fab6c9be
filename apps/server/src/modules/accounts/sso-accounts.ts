// What single sign-on asks of accounts (ADR 075): the account an identity is linked to, a new
// account made from an identity, a link made after the account's password was confirmed, and a
// session. The rules of when to do which live in the sso module; this only keeps the users table
// and its identities consistent.
import type { User } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import { defaultAttributes, presentUser, type AccountRecord } from './account.js';
import type { IdentitiesRepo } from './identities-repo.js';
import { confirmCurrentPassword, startSession, type AccountsDeps } from './service.js';

export type SsoAccountsDeps = Pick<AccountsDeps, 'repo' | 'clock' | 'throttle'> & {
  identities: IdentitiesRepo;
};

export interface IdentityRef {
  issuer: string;
  subject: string;
}

/** Where an identity stands: linked to an account, its address held by an account, or neither. */
export type IdentityStanding =
  | { kind: 'linked'; userId: string; email: string }
  | { kind: 'address_taken'; userId: string; email: string }
  | { kind: 'new' };

export async function standingOfIdentity(
  deps: SsoAccountsDeps,
  identity: IdentityRef & { email: string },
): Promise<IdentityStanding> {
  const linked = await deps.identities.findUserIdByIdentity(identity.issuer, identity.subject);
  if (linked) {
    const account = await deps.repo.findUserById(linked);
    if (account) return { kind: 'linked', userId: account.id, email: account.email };
  }
  const holder = await deps.repo.findUserByEmail(identity.email);
  return holder ? { kind: 'address_taken', userId: holder.id, email: holder.email } : { kind: 'new' };
}

/**
 * A new account for an address the provider vouched for: confirmed, without a password (none
 * verifies against its stored value), and linked to the identity.
 */
export async function createAccountFromIdentity(
  deps: SsoAccountsDeps,
  input: IdentityRef & {
    email: string;
    firstName: string;
    lastName: string;
    /** an eID's (ADR 083) */
    birthDate?: string;
    attributes?: Partial<AccountRecord['attributes']>;
    /** the national eID the identity is (ADR 106) */
    provider?: string;
  },
): Promise<string> {
  const userId = await createConfirmedAccount(deps, input);
  await linkIdentity(deps, { ...input, userId });
  return userId;
}

/**
 * A new account for an address someone trusted vouched for (an identity provider, or the
 * business that provisions the person through SCIM, ADR 084): confirmed, and without a password.
 */
export async function createConfirmedAccount(
  deps: Pick<SsoAccountsDeps, 'repo' | 'clock'>,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    birthDate?: string;
    attributes?: Partial<AccountRecord['attributes']>;
  },
): Promise<string> {
  const now = deps.clock.now().toISOString();
  const account: AccountRecord = {
    id: newId(),
    email: input.email,
    passwordHash: '!',
    emailVerified: true,
    firstName: input.firstName,
    lastName: input.lastName,
    birthDate: input.birthDate ?? null,
    attributes: { ...defaultAttributes(), ...input.attributes },
    createdAt: now,
    updatedAt: now,
  };
  await deps.repo.insertUser(account);
  return account.id;
}

/**
 * Links an identity to an account without asking for a password: for an account made without
 * one, by the business whose provider now vouches for the person (ADR 084).
 */
export async function linkIdentity(
  deps: Pick<SsoAccountsDeps, 'identities' | 'clock'>,
  input: IdentityRef & { userId: string; provider?: string },
): Promise<void> {
  await deps.identities.insertIdentity({ ...input, now: deps.clock.now().toISOString() });
}

/** Links an identity to an existing account once its password has been given (throttled, ADR 063). */
export async function linkIdentityWithPassword(
  deps: SsoAccountsDeps,
  input: IdentityRef & { userId: string; password: string },
): Promise<void> {
  const account = await deps.repo.findUserById(input.userId);
  if (!account) throw new AppError('sso.link_invalid', 'The account of this link is gone');
  await confirmCurrentPassword(deps, account, input.password);
  const now = deps.clock.now().toISOString();
  // the provider proved the address, as a confirmation link would have
  if (!account.emailVerified) await deps.repo.updateUser(account.id, { emailVerified: true }, now);
  if (!(await deps.identities.insertIdentity({ ...input, now }))) {
    const holder = await deps.identities.findUserIdByIdentity(input.issuer, input.subject);
    if (holder !== account.id)
      throw new AppError('sso.link_invalid', 'This identity is linked to another account');
  }
}

/** A session of the account, as a password login would answer. */
export async function openSessionFor(
  deps: SsoAccountsDeps,
  input: { userId: string; ip: string },
): Promise<{ token: string; expiresAt: string; user: User }> {
  const account = await deps.repo.findUserById(input.userId);
  if (!account) throw new AppError('auth.invalid_token', 'The account is gone');
  const session = await startSession(deps, account.id, input.ip);
  return { ...session, user: presentUser(account) };
}

/** Takes back an account made for a sign-in that then failed (its business had no seat). */
export async function discardAccount(deps: SsoAccountsDeps, userId: string): Promise<void> {
  await deps.repo.markDeleted(userId, deps.clock.now().toISOString());
}
