// Signing up with eID+ (ADR 083): the person's name, birth date and e-mail address come from the
// eID, the account is made confirmed and signed in, and those fields are locked. An eID signed up
// before signs its account in again; an address that already has an account is refused, so no
// account is taken over on an eID's word (its owner signs in and connects an eID there).
import type { User } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { createAccountFromEid, openSessionFor, standingOfIdentity } from '../accounts/index.js';
import { recordEidIdentification } from '../identification/index.js';
import { startProviderFlow, takeProviderAnswer } from '../sso/index.js';
import { EIDPLUS, RETURN_PAGES, eidPersonOf, type EidDeps } from './deps.js';

const redirectUri = (deps: Pick<EidDeps, 'publicUrl'>) => `${deps.publicUrl}${RETURN_PAGES.eidplus}`;

/** POST /v1/signup/eidplus */
export function startEidPlusSignUp(deps: EidDeps) {
  return startProviderFlow(deps.flow, {
    businessId: null,
    providerName: EIDPLUS,
    purpose: 'eidplus_signup',
    holder: null,
    redirectUri: redirectUri(deps),
  });
}

/** POST /v1/signup/eidplus/callback */
export async function completeEidPlusSignUp(
  deps: EidDeps,
  input: { query: string; ip: string; lang?: User['attributes']['lang'] | undefined },
) {
  const { identity } = await takeProviderAnswer(deps.flow, {
    query: input.query,
    purpose: 'eidplus_signup',
    holder: null,
    redirectUri: redirectUri(deps),
  });
  const person = eidPersonOf(identity);
  if (!identity.emailVerified || !identity.email.includes('@'))
    throw new AppError('sso.email_not_verified', 'The eID provider does not vouch for the e-mail address');
  const standing = await standingOfIdentity(deps.accounts, identity);
  if (standing.kind === 'address_taken')
    throw new AppError('eid.address_taken', 'An account with this e-mail address exists already');
  const userId =
    standing.kind === 'linked'
      ? standing.userId
      : await createAccountFromEid(deps.accounts, { ...person, email: identity.email, lang: input.lang });
  if (standing.kind === 'new')
    await recordEidIdentification(deps, {
      holder: { kind: 'user', userId },
      provider: EIDPLUS,
      identity: { givenName: person.firstName, surname: person.lastName, country: '' },
    });
  return { status: 'signed_in' as const, ...(await openSessionFor(deps.accounts, { userId, ip: input.ip })) };
}
