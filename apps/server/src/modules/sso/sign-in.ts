// Signing in through an identity provider (ADR 075): start at the provider of an address's
// business (or one of the installation's), finish with what it sent back, and link an existing
// password account once its password is given. Any refusal leaves accounts, identities and seats
// as they were; the sign-in's state is spent either way, so its code cannot be tried twice.
import type { SsoOutcome } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import type { VerifiedIdentity } from '../../providers/openid/relying-party.js';
import {
  createAccountFromIdentity,
  discardAccount,
  linkIdentity,
  linkIdentityWithPassword,
  openSessionFor,
  standingOfIdentity,
} from '../accounts/index.js';
import type { SsoDeps } from './deps.js';
import { startProviderFlow, takeProviderAnswer, type FlowTarget } from './provider-flow.js';

const LINK_TTL_MS = 15 * 60 * 1000;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** POST /v1/identity_providers: where the browser signs in, for an address or a named provider. */
export async function startSignIn(
  deps: SsoDeps,
  input: { email?: string | undefined; provider?: string | undefined },
) {
  let target: FlowTarget;
  if (input.email !== undefined) {
    const business = await deps.businesses.findBusinessByVerifiedDomain(domainOf(input.email));
    if (!business)
      throw new AppError('sso.domain_not_verified', 'No business has proved the domain of this address');
    target = { businessId: business.id, providerName: null };
  } else {
    target = { businessId: null, providerName: (input.provider ?? '').toLowerCase() };
  }
  return startProviderFlow(deps, { ...target, purpose: 'sso', holder: null, redirectUri: deps.redirectUri });
}

/** A person for the business calls, before a session exists. */
const principalOf = (userId: string, email: string, ip: string): PersonPrincipal => ({
  kind: 'person',
  userId,
  email,
  sessionId: '',
  membership: null,
  tenant: null,
  ip,
});

/** Refuses the sign-in when the account belongs to another business than the provider's. */
async function refuseOtherBusiness(deps: SsoDeps, userId: string, businessId: string | null) {
  if (!businessId) return;
  const membership = await deps.businesses.membershipOf(userId);
  if (membership && membership.businessId !== businessId)
    throw new AppError('sso.member_of_another', 'This account belongs to another business');
}

/** Takes a seat in the provider's business unless the person holds one there already. */
async function takeSeat(
  deps: SsoDeps,
  account: { userId: string; email: string; ip: string },
  businessId: string | null,
) {
  if (!businessId) return;
  if ((await deps.businesses.membershipOf(account.userId))?.businessId === businessId) return;
  await deps.joinBusiness(principalOf(account.userId, account.email, account.ip), businessId);
}

/** The checks on the vouched-for identity that hold for every provider kind. */
async function checkIdentity(deps: SsoDeps, identity: VerifiedIdentity, businessId: string | null) {
  if (!identity.emailVerified || !identity.email.includes('@'))
    throw new AppError(
      'sso.email_not_verified',
      'The identity provider does not vouch for the e-mail address',
    );
  if (!businessId) return;
  // a business's provider speaks only for the domains the business proved
  const proved = (await deps.businesses.listDomains(businessId)).filter((d) => d.verifiedAt !== null);
  if (!proved.some((d) => d.domain === domainOf(identity.email)))
    throw new AppError(
      'sso.domain_not_verified',
      "The address is not on one of the business's proved domains",
    );
}

/** POST /v1/identity_providers/callback: the provider's answer, checked, and what follows from it. */
export async function completeSignIn(
  deps: SsoDeps,
  input: { query: string; ip: string },
): Promise<SsoOutcome> {
  const { pending, identity } = await takeProviderAnswer(deps, {
    query: input.query,
    purpose: 'sso',
    holder: null,
    redirectUri: deps.redirectUri,
  });
  const now = deps.clock.now();
  await checkIdentity(deps, identity, pending.businessId);
  let standing = await standingOfIdentity(deps.accounts, identity);
  if (
    standing.kind === 'address_taken' &&
    pending.businessId &&
    (await deps.provisionedBy(standing.userId, pending.businessId))
  ) {
    // the business made this account through SCIM, without a password, for the person its own
    // provider now vouches for: nobody else's account is taken over (ADR 084)
    await linkIdentity(deps.accounts, { ...identity, userId: standing.userId });
    standing = { ...standing, kind: 'linked' };
  }
  if (standing.kind === 'address_taken') {
    await refuseOtherBusiness(deps, standing.userId, pending.businessId);
    const linkToken = newSecretToken();
    await deps.repo.insertLink({
      tokenHash: hashToken(linkToken),
      userId: standing.userId,
      issuer: identity.issuer,
      subject: identity.subject,
      businessId: pending.businessId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + LINK_TTL_MS).toISOString(),
    });
    return { status: 'link_required', linkToken, email: standing.email };
  }
  if (standing.kind === 'linked') {
    await refuseOtherBusiness(deps, standing.userId, pending.businessId);
    await takeSeat(
      deps,
      { userId: standing.userId, email: standing.email, ip: input.ip },
      pending.businessId,
    );
    return {
      status: 'signed_in',
      ...(await openSessionFor(deps.accounts, { userId: standing.userId, ip: input.ip })),
    };
  }
  const userId = await createAccountFromIdentity(deps.accounts, identity);
  try {
    await takeSeat(deps, { userId, email: identity.email, ip: input.ip }, pending.businessId);
  } catch (err) {
    // no seat (or a locked business): the account made a moment ago goes again
    await discardAccount(deps.accounts, userId);
    throw err;
  }
  return { status: 'signed_in', ...(await openSessionFor(deps.accounts, { userId, ip: input.ip })) };
}

/** POST /v1/identity_providers/link: the account's password, then the link, the seat, a session. */
export async function linkWithPassword(
  deps: SsoDeps,
  input: { linkToken: string; password: string; ip: string },
) {
  const tokenHash = hashToken(input.linkToken);
  const now = deps.clock.now().toISOString();
  const link = await deps.repo.findLink(tokenHash, now);
  if (!link) throw new AppError('sso.link_invalid', 'This link is unknown, used or expired');
  await refuseOtherBusiness(deps, link.userId, link.businessId);
  await linkIdentityWithPassword(deps.accounts, { ...link, password: input.password });
  if (!(await deps.repo.useLink(tokenHash, now)))
    throw new AppError('sso.link_invalid', 'This link has been used already');
  const account = await deps.accounts.repo.findUserById(link.userId);
  if (!account) throw new AppError('sso.link_invalid', 'The account of this link is gone');
  await takeSeat(deps, { userId: account.id, email: account.email, ip: input.ip }, link.businessId);
  return {
    status: 'signed_in' as const,
    ...(await openSessionFor(deps.accounts, { userId: account.id, ip: input.ip })),
  };
}

/** Whether the person's business lets its members in only through its provider (login refuses). */
export async function isSsoRequired(
  deps: Pick<SsoDeps, 'repo' | 'businesses'>,
  userId: string,
): Promise<boolean> {
  const membership = await deps.businesses.membershipOf(userId);
  if (!membership) return false;
  return (await deps.repo.findBusinessProvider(membership.businessId))?.required === true;
}
