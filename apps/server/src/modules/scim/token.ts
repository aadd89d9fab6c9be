// The SCIM token of a business (ADR 084): one at a time, made and rotated by its admins, shown in
// full only in the answer that made it and stored as its SHA-256. The identity provider sends it
// as a Bearer token; the business it belongs to is the only tenant its calls can reach.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal, TenantResolver } from '../../lib/principal.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import { authorizeBusiness } from '../businesses/index.js';
import type { ScimDeps } from './deps.js';

/** A prefix that says what the secret is, in a provider's settings or a leaked-secret scan. */
const TOKEN_PREFIX = 'scim_';

type TokenDeps = Pick<ScimDeps, 'repo' | 'clock' | 'publicUrl'>;

async function tokenState(deps: TokenDeps, businessId: string) {
  const token = await deps.repo.findToken(businessId);
  return {
    scimToken: token ? { createdAt: token.createdAt, lastUsedAt: token.lastUsedAt } : null,
    baseUrl: `${deps.publicUrl}/scim/v2`,
  };
}

export async function getToken(deps: TokenDeps, principal: PersonPrincipal, businessId: string) {
  authorizeBusiness(principal, 'update_settings', { businessId });
  return tokenState(deps, businessId);
}

/** Makes a new token; a previous one stops working at once. */
export async function createToken(deps: TokenDeps, principal: PersonPrincipal, businessId: string) {
  authorizeBusiness(principal, 'update_settings', { businessId });
  const token = `${TOKEN_PREFIX}${newSecretToken()}`;
  await deps.repo.saveToken(businessId, hashToken(token), principal.userId, deps.clock.now().toISOString());
  return { ...(await tokenState(deps, businessId)), token };
}

export async function deleteToken(deps: TokenDeps, principal: PersonPrincipal, businessId: string) {
  authorizeBusiness(principal, 'update_settings', { businessId });
  await deps.repo.deleteToken(businessId);
  return tokenState(deps, businessId);
}

/** The business of the request's SCIM token; a business being deleted provisions no one. */
export function createScimAuthenticator(deps: Pick<ScimDeps, 'repo' | 'clock'>, tenants: TenantResolver) {
  return async (request: FastifyRequest): Promise<string> => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ', 2);
    if (scheme?.toLowerCase() !== 'bearer' || !given?.startsWith(TOKEN_PREFIX))
      throw new AppError('scim.unauthorized', 'A SCIM bearer token is needed');
    const businessId = await deps.repo.useToken(hashToken(given.trim()), deps.clock.now().toISOString());
    const tenant = businessId ? await tenants(businessId) : undefined;
    if (!tenant) throw new AppError('scim.unauthorized', 'This SCIM token is unknown or revoked');
    return tenant.businessId;
  };
}
