// The round trip through an OpenID provider that single sign-on and the national eIDs share
// (ADR 075, ADR 083): start keeps the state (hashed), nonce and PKCE verifier as a row of its own,
// marked with what the sign-in is for and who started it; the answer takes that row once, for the
// same purpose only, and has the relying party check the provider's tokens against it.
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/tokens.js';
import type { OpenIdProviderSettings, VerifiedIdentity } from '../../providers/openid/relying-party.js';
import type { SsoDeps } from './deps.js';
import type { PendingSignIn, SignInPurpose } from './repo.js';

const SIGN_IN_TTL_MS = 10 * 60 * 1000;

export type FlowDeps = Pick<SsoDeps, 'repo' | 'secrets' | 'openId' | 'relyingParty' | 'clock'>;

export interface FlowTarget {
  /** a business's own provider */
  businessId: string | null;
  /** one of the installation's providers (OIDC_<NAME>_*) */
  providerName: string | null;
}

/** The settings of a business's own provider, with its secret opened. */
export async function businessProviderSettings(
  deps: Pick<SsoDeps, 'repo' | 'secrets'>,
  businessId: string,
): Promise<(OpenIdProviderSettings & { required: boolean }) | undefined> {
  const stored = await deps.repo.findBusinessProvider(businessId);
  if (!stored) return undefined;
  return {
    issuer: stored.issuer,
    clientId: stored.clientId,
    clientSecret: deps.secrets.open(stored.sealedClientSecret),
    scopes: stored.scopes,
    claims: stored.claims,
    required: stored.required,
  };
}

async function settingsOf(deps: FlowDeps, target: FlowTarget): Promise<OpenIdProviderSettings> {
  const settings = target.businessId
    ? await businessProviderSettings(deps, target.businessId)
    : deps.openId.providers[target.providerName ?? ''];
  if (!settings) throw new AppError('sso.not_configured', 'No identity provider is set up for this sign-in');
  return settings;
}

/** Whether the installation has a provider of this name (OIDC_<NAME>_ISSUER). */
export const hasInstallationProvider = (deps: Pick<SsoDeps, 'openId'>, name: string) =>
  Object.hasOwn(deps.openId.providers, name);

/** Builds the address to send the browser to and keeps what checks the answer. */
export async function startProviderFlow(
  deps: FlowDeps,
  input: FlowTarget & { purpose: SignInPurpose; holder: string | null; redirectUri: string },
): Promise<{ url: string }> {
  const party = deps.relyingParty(await settingsOf(deps, input));
  const start = await party.start(input.redirectUri);
  const now = deps.clock.now();
  await deps.repo.insertSignIn({
    businessId: input.businessId,
    providerName: input.providerName,
    purpose: input.purpose,
    holder: input.holder,
    stateHash: hashToken(start.state),
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS).toISOString(),
  });
  return { url: start.url };
}

/**
 * The provider's answer (the query string it sent the browser back with), checked. The sign-in's
 * row is spent before the provider is asked, so a replayed or second answer finds nothing
 * (`sso.flow_invalid`), and so does the state of a flow started for another purpose or person.
 */
export async function takeProviderAnswer(
  deps: FlowDeps,
  input: { query: string; purpose: SignInPurpose; holder: string | null; redirectUri: string },
): Promise<{ pending: PendingSignIn; identity: VerifiedIdentity }> {
  const parameters = Object.fromEntries(new URLSearchParams(input.query.replace(/^\?/, '')));
  const state = parameters['state'];
  const now = deps.clock.now().toISOString();
  const pending = state ? await deps.repo.consumeSignIn(hashToken(state), input.purpose, now) : undefined;
  if (!state || !pending) throw new AppError('sso.flow_invalid', 'This sign-in is unknown, used or expired');
  // an answer finishes only the flow of whoever started it: no one connects their eID to someone
  // else's account by getting them to open the answer's address
  if (pending.holder !== input.holder)
    throw new AppError('sso.flow_invalid', 'This sign-in was started by someone else');
  const party = deps.relyingParty(await settingsOf(deps, pending));
  const identity = await party.complete({
    redirectUri: input.redirectUri,
    parameters,
    expected: { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier },
  });
  return { pending, identity };
}
