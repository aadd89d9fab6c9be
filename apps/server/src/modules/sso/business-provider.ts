// A business's own identity provider, as its admins set it up in the business settings (ADR 075):
// issuer, client, scopes, claim mapping, and whether members must sign in through it. The client
// secret is sealed when stored and never answered; leaving it out of a change keeps it.
import type { BusinessIdentityProvider } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { STANDARD_CLAIMS, type ClaimMapping } from '../../providers/openid/relying-party.js';
import { parseScopes } from '../../providers/openid/settings.js';
import { authorizeBusiness } from '../businesses/index.js';
import type { SsoDeps } from './deps.js';
import type { StoredBusinessProvider } from './repo.js';
import { businessProviderSettings } from './provider-flow.js';

type ProviderDeps = Pick<SsoDeps, 'repo' | 'secrets' | 'clock' | 'redirectUri' | 'sandbox' | 'openId'>;

function present(deps: ProviderDeps, stored: StoredBusinessProvider | undefined) {
  const identityProvider: BusinessIdentityProvider | null = stored
    ? {
        issuer: stored.issuer,
        clientId: stored.clientId,
        hasClientSecret: stored.sealedClientSecret.length > 0,
        scopes: stored.scopes,
        claims: stored.claims,
        required: stored.required,
        redirectUri: deps.redirectUri,
        updatedAt: stored.updatedAt,
      }
    : null;
  return { identityProvider, sandbox: deps.sandbox };
}

export async function getBusinessProvider(
  deps: ProviderDeps,
  principal: Principal | undefined,
  businessId: string,
) {
  authorizeBusiness(principal, 'view_settings', { businessId });
  return present(deps, await deps.repo.findBusinessProvider(businessId));
}

export async function setBusinessProvider(
  deps: ProviderDeps,
  principal: Principal | undefined,
  input: {
    businessId: string;
    issuer: string;
    clientId: string;
    clientSecret?: string | undefined;
    scopes?: string[] | undefined;
    claims?: Partial<ClaimMapping> | undefined;
    required: boolean;
  },
) {
  authorizeBusiness(principal, 'update_settings', { businessId: input.businessId });
  const issuer = input.issuer.replace(/\/+$/, '');
  const isHttps = issuer.startsWith('https://');
  if (!isHttps && !(deps.openId.allowHttp && issuer.startsWith('http://')))
    throw new AppError('sso.issuer_invalid', 'The issuer must be an https:// URL');
  const current = await deps.repo.findBusinessProvider(input.businessId);
  const sealed =
    input.clientSecret !== undefined ? deps.secrets.seal(input.clientSecret) : current?.sealedClientSecret;
  if (!sealed) {
    throw new AppError('request.validation_failed', 'A client secret is needed for a new identity provider', {
      errors: [{ path: 'body.client_secret', message: 'Required' }],
    });
  }
  const stored: StoredBusinessProvider = {
    businessId: input.businessId,
    issuer,
    clientId: input.clientId,
    sealedClientSecret: sealed,
    scopes: parseScopes(input.scopes?.join(' ')),
    claims: { ...STANDARD_CLAIMS, ...input.claims },
    required: input.required,
    updatedAt: deps.clock.now().toISOString(),
  };
  await deps.repo.saveBusinessProvider(stored);
  return present(deps, stored);
}

export async function deleteBusinessProvider(
  deps: ProviderDeps,
  principal: Principal | undefined,
  businessId: string,
) {
  authorizeBusiness(principal, 'update_settings', { businessId });
  await deps.repo.deleteBusinessProvider(businessId);
  return present(deps, undefined);
}

/** Discovers the provider and builds a sign-in address, as a real sign-in would start. */
export async function testBusinessProvider(
  deps: ProviderDeps & Pick<SsoDeps, 'relyingParty'>,
  principal: Principal | undefined,
  businessId: string,
) {
  authorizeBusiness(principal, 'update_settings', { businessId });
  const settings = await businessProviderSettings(deps, businessId);
  if (!settings) throw new AppError('sso.not_configured', 'The business has no identity provider');
  await deps.relyingParty(settings).start(deps.redirectUri);
  return { ok: true as const, issuer: settings.issuer };
}
