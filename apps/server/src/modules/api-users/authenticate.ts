// HTTP Basic for API users (`username:secret`): the secret's SHA-256 is compared in constant time
// with the stored one, and every call counts against the API user's rate limit (a fixed window in
// the database, so every server process counts the same calls). A deleted or reset secret stops
// working at once: nothing is cached. An API user acts only for a business that still exists and
// is not being deleted (ADR 061): a deleted business's API users are no longer known, and those of
// a business whose deletion is pending are refused until an admin revokes it.
import { timingSafeEqual } from 'node:crypto';
import type { Authenticator } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { mayApiUsersCall } from '@countersign/domain';
import type { ApiUserPrincipal, TenantResolver } from '../../lib/principal.js';
import { hashToken } from '../../lib/tokens.js';
import type { Throttle } from '../accounts/index.js';
import type { ApiUsersRepo } from './repo.js';

export interface ApiUserAuthDeps {
  apiUsers: ApiUsersRepo;
  throttle: Throttle;
  callsPerMinute: number;
  tenants: TenantResolver;
  /** whether the call comes from an agent through the MCP server (ADR 095) */
  isAgentCall?: () => boolean;
}

const invalid = () => new AppError('auth.invalid_api_credentials', 'The API user name or secret is wrong');

/** The credentials of a Basic header, or undefined when the header is not Basic at all. */
export function readBasic(header: string): { username: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]{1,400})$/.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw invalid();
  return { username: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export async function authenticateApiUser(
  deps: ApiUserAuthDeps,
  credentials: { username: string; secret: string },
  ip: string,
): Promise<ApiUserPrincipal> {
  const record = /^api_[0-9a-f]{20}$/.test(credentials.username)
    ? await deps.apiUsers.find(credentials.username)
    : undefined;
  const given = Buffer.from(hashToken(credentials.secret), 'hex');
  const stored = Buffer.from(record?.secretHash ?? '', 'hex');
  if (!record || stored.length !== given.length || !timingSafeEqual(stored, given)) throw invalid();
  const tenant = await deps.tenants(record.businessId);
  if (!tenant) throw invalid();
  if (!mayApiUsersCall(tenant.status)) {
    throw new AppError(
      'business.deletion_pending',
      'The business is being deleted: its API users may not act until an admin revokes the deletion',
    );
  }
  await deps.throttle.hit(
    { name: 'api-user-calls', limit: deps.callsPerMinute, windowSeconds: 60 },
    record.username,
  );
  return {
    kind: 'api_user',
    businessId: record.businessId,
    username: record.username,
    userId: record.userId,
    email: record.email,
    tenant,
    ip,
    ...(deps.isAgentCall?.() === true && { via: 'mcp' as const }),
  };
}

/** Basic credentials are an API user's; anything else goes to the session authenticator. */
export function withApiUsers(deps: ApiUserAuthDeps, sessions: Authenticator): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    const basic = header === undefined ? undefined : readBasic(header);
    if (!basic) return sessions(request);
    return authenticateApiUser(deps, basic, request.ip);
  };
}
