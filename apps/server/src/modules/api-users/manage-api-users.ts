// The business admin's use cases for API users: list, create, describe, reset the secret, delete.
// A secret is 32 random bytes, shown once and kept as its SHA-256 (ADR 052), as session tokens are.
import { randomBytes } from 'node:crypto';
import type { ApiUser } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { hashToken, newId, newSecretToken } from '../../lib/tokens.js';
import { authorizeBusiness } from '../businesses/index.js';
import { MAX_API_USERS, type ApiUserRecord, type ApiUsersRepo } from './repo.js';

export interface ApiUserDeps {
  apiUsers: ApiUsersRepo;
  clock: Clock;
  /** the business's name, or undefined when there is none (deleted): it names the API user's requests */
  businessName(businessId: string): Promise<string | undefined>;
}

/** The address of an API user among signers: `.invalid` is reserved (RFC 2606), no mail reaches it. */
export const apiUserEmail = (username: string) => `${username}@api-users.invalid`;

export const presentApiUser = (r: ApiUserRecord): ApiUser => ({
  username: r.username,
  description: r.description,
  createdAt: r.createdAt,
  secretSetAt: r.secretSetAt,
  signerEmail: r.email,
});

async function requireApiUser(deps: ApiUserDeps, businessId: string, username: string) {
  const record = await deps.apiUsers.find(username);
  if (!record || record.businessId !== businessId) {
    throw new AppError('api_user.not_found', 'The business has no API user of that name');
  }
  return record;
}

export async function listApiUsers(deps: ApiUserDeps, principal: PersonPrincipal, businessId: string) {
  authorizeBusiness(principal, 'manage_api_users', { businessId });
  return { apiUsers: (await deps.apiUsers.list(businessId)).map(presentApiUser) };
}

export async function createApiUser(
  deps: ApiUserDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: { description: string },
) {
  authorizeBusiness(principal, 'manage_api_users', { businessId });
  const name = await deps.businessName(businessId);
  if (name === undefined) throw new AppError('business.not_found', 'No such business');
  if ((await deps.apiUsers.count(businessId)) >= MAX_API_USERS) {
    throw new AppError('api_user.limit_reached', `A business has at most ${MAX_API_USERS} API users`);
  }
  const username = `api_${randomBytes(10).toString('hex')}`;
  const secret = newSecretToken();
  const now = deps.clock.now().toISOString();
  const record: ApiUserRecord = {
    username,
    businessId,
    userId: newId(),
    email: apiUserEmail(username),
    description: input.description,
    secretHash: hashToken(secret),
    createdAt: now,
    secretSetAt: now,
  };
  // The account never signs in: no password matches a hash that is not argon2 (passwords.ts).
  await deps.apiUsers.insert(record, { firstName: name, passwordHash: '!' });
  return { apiUser: presentApiUser(record), secret };
}

export async function describeApiUser(
  deps: ApiUserDeps,
  principal: PersonPrincipal,
  businessId: string,
  username: string,
  description: string,
) {
  authorizeBusiness(principal, 'manage_api_users', { businessId });
  const record = await requireApiUser(deps, businessId, username);
  await deps.apiUsers.update(businessId, username, { description });
  return presentApiUser({ ...record, description });
}

export async function resetApiUserSecret(
  deps: ApiUserDeps,
  principal: PersonPrincipal,
  businessId: string,
  username: string,
) {
  authorizeBusiness(principal, 'manage_api_users', { businessId });
  const record = await requireApiUser(deps, businessId, username);
  const secret = newSecretToken();
  const secretSetAt = deps.clock.now().toISOString();
  const secretHash = hashToken(secret);
  if (!(await deps.apiUsers.update(businessId, username, { secretHash, secretSetAt }))) {
    throw new AppError('api_user.not_found', 'The business has no API user of that name');
  }
  return { apiUser: presentApiUser({ ...record, secretSetAt }), secret };
}

export async function deleteApiUser(
  deps: ApiUserDeps,
  principal: PersonPrincipal,
  businessId: string,
  username: string,
) {
  authorizeBusiness(principal, 'manage_api_users', { businessId });
  if (!(await deps.apiUsers.delete(businessId, username, deps.clock.now().toISOString()))) {
    throw new AppError('api_user.not_found', 'The business has no API user of that name');
  }
  return { ok: true as const };
}
