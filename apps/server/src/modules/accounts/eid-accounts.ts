// Accounts whose name and birth date an eID vouched for (ADR 083): an eID+ sign-up makes one, an
// ID Austria connection turns an existing account into one. Those fields are listed in
// `attributes.immutableEidFields` and a profile change may not alter them, since signatures name
// the person as the eID does.
import type { User } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { presentUser } from './account.js';
import { isPasswordSet } from './passwords.js';
import { EID_FIELDS } from './eid-fields.js';
import { createAccountFromIdentity, type SsoAccountsDeps } from './sso-accounts.js';

export interface EidPerson {
  issuer: string;
  subject: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthDate: string;
}

/** A new account for an eID+ sign-up: confirmed address, no password, the eID's fields locked. */
export function createAccountFromEid(
  deps: SsoAccountsDeps,
  input: EidPerson & { email: string; lang?: User['attributes']['lang'] | undefined },
): Promise<string> {
  return createAccountFromIdentity(deps, {
    ...input,
    provider: 'eidplus',
    attributes: { ...(input.lang && { lang: input.lang }), immutableEidFields: [...EID_FIELDS] },
  });
}

/**
 * Connects an eID to the signed-in person's account: the identity is linked (once; an identity
 * linked to someone else is refused before anything changes) and the account takes the eID's
 * name and birth date, locked from then on.
 */
export async function connectEidToAccount(
  deps: SsoAccountsDeps,
  input: EidPerson & { userId: string; provider: string },
): Promise<void> {
  const holder = await deps.identities.findUserIdByIdentity(input.issuer, input.subject);
  if (holder && holder !== input.userId)
    throw new AppError('eid.identity_taken', 'This eID is connected to another account');
  const account = await deps.repo.findUserById(input.userId);
  if (!account) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  const now = deps.clock.now().toISOString();
  if (!holder) await deps.identities.insertIdentity({ ...input, now });
  const locked = new Set([...account.attributes.immutableEidFields, ...EID_FIELDS]);
  await deps.repo.updateUser(
    account.id,
    {
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: input.birthDate,
      attributes: { ...account.attributes, immutableEidFields: EID_FIELDS.filter((f) => locked.has(f)) },
    },
    now,
  );
}

/**
 * Whether the account may let go of its national eID `provider` (ADR 106): it must be connected,
 * and an eID the person signs in with (`isSignInMethod`) may go only while the account keeps
 * another way in, a password or a business's single sign-on. Nothing changes here.
 */
export async function checkEidDisconnection(
  deps: SsoAccountsDeps,
  input: { userId: string; provider: string; isSignInMethod: boolean },
): Promise<void> {
  const account = await deps.repo.findUserById(input.userId);
  if (!account) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  const { eids, hasOtherIdentity } = await deps.identities.linkedEids(input.userId);
  if (!eids.has(input.provider))
    throw new AppError('eid.not_connected', `No ${input.provider} identity is connected to this account`);
  if (input.isSignInMethod && !isPasswordSet(account.passwordHash) && !hasOtherIdentity)
    throw new AppError('eid.last_way_in', 'The eID is the only way to sign in to this account');
}

/**
 * Removes the account's link to its national eID `provider`; once no eID is connected, the name
 * and birth date are no longer locked (they keep their values).
 */
export async function unlinkEidFromAccount(
  deps: SsoAccountsDeps,
  input: { userId: string; provider: string },
): Promise<void> {
  await deps.identities.unlinkEid(input.userId, input.provider);
  const { eids } = await deps.identities.linkedEids(input.userId);
  const account = await deps.repo.findUserById(input.userId);
  if (!account || eids.size > 0 || account.attributes.immutableEidFields.length === 0) return;
  await deps.repo.updateUser(
    account.id,
    { attributes: { ...account.attributes, immutableEidFields: [] } },
    deps.clock.now().toISOString(),
  );
}

/** The account as the person sees it after a connection (GET /v1/user's answer). */
export async function presentAccountOf(deps: Pick<SsoAccountsDeps, 'repo'>, userId: string): Promise<User> {
  const account = await deps.repo.findUserById(userId);
  if (!account) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  return presentUser(account);
}
