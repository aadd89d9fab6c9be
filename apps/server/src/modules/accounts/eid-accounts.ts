// Accounts whose name and birth date an eID vouched for (ADR 083): an eID+ sign-up makes one, an
// ID Austria connection turns an existing account into one. Those fields are listed in
// `attributes.immutableEidFields` and a profile change may not alter them, since signatures name
// the person as the eID does.
import type { User } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { presentUser } from './account.js';
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
  input: EidPerson & { userId: string },
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

/** The account as the person sees it after a connection (GET /v1/user's answer). */
export async function presentAccountOf(deps: Pick<SsoAccountsDeps, 'repo'>, userId: string): Promise<User> {
  const account = await deps.repo.findUserById(userId);
  if (!account) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  return presentUser(account);
}
