// Test helpers for business accounts: JSON calls as the holder of a session token (or nobody), a
// business and its API users made over HTTP, the company logo upload, a multipart call, and the operator's verification of a business's
// organisation, which seals and AES for business need (ADR 062).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { createVerificationRepo } from '../modules/business-verification/repo.js';
import { verifyBusiness } from '../modules/business-verification/operator-verification.js';
import { multipart } from './pdfs.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A function making JSON calls on `app`, signed in with `token` when one is given. */
export function jsonCaller(app: FastifyInstance) {
  return (method: Method, url: string, token?: string, body?: unknown) =>
    app.inject({
      method,
      url,
      ...(body !== undefined && { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
}

/** A Swiss business of `name` made by the person whose session this is (its admin); its id. */
export async function createBusiness(
  app: FastifyInstance,
  adminToken: string,
  name: string,
): Promise<string> {
  const res = await jsonCaller(app)('POST', '/v2/businesses', adminToken, {
    name,
    country: 'CH',
    accept_gtc: true,
    accept_dpa: true,
  });
  if (res.statusCode !== 201) throw new Error(`creating the business failed: ${res.body}`);
  return res.json().id as string;
}

export interface TestApiUser {
  username: string;
  secret: string;
  /** the address that stands for it among a request's signers */
  signerEmail: string;
}

/** An API user of the business, made by its admin, with the secret answered once. */
export async function createApiUser(
  app: FastifyInstance,
  adminToken: string,
  businessId: string,
  description: string,
): Promise<TestApiUser> {
  const res = await jsonCaller(app)('POST', `/v1/businesses/${businessId}/apis`, adminToken, { description });
  if (res.statusCode !== 201) throw new Error(`creating the API user failed: ${res.body}`);
  const { api_user: user, secret } = res.json();
  return { username: user.username, secret, signerEmail: user.signer_email };
}

/** POST /v1/businesses/{id}/settings/logo with the image as `logo`. */
export function uploadLogo(
  app: FastifyInstance,
  businessId: string,
  token: string | undefined,
  bytes: Buffer,
) {
  const body = multipart({}, [{ field: 'logo', name: 'logo.png', bytes, type: 'image/png' }]);
  return app.inject({
    method: 'POST',
    url: `/v1/businesses/${businessId}/settings/logo`,
    payload: body.payload,
    headers: { ...body.headers, ...(token && { authorization: `Bearer ${token}` }) },
  });
}

/**
 * Has the business's organisation verified as an installation's operator does it: an admin asks
 * (giving `register` as its register number), then the operator verifies the name, register and
 * country the business then has, through the use case the `countersign business verify` command
 * runs (the log names `cli`). Returns the organisation verified.
 */
export async function verifyOrganisation(
  t: { app: FastifyInstance; db: Db },
  businessId: string,
  adminToken: string,
  register = 'CHE-123.456.789',
): Promise<{ name: string; commercialRegister: string; country: string }> {
  const asked = await jsonCaller(t.app)('POST', `/v1/businesses/${businessId}/verification`, adminToken, {
    commercial_register: register,
  });
  if (asked.statusCode !== 200) throw new Error(`asking for verification failed: ${asked.body}`);
  const { name, commercial_register: commercialRegister, country } = asked.json().organisation;
  const deps = { verifications: createVerificationRepo(t.db.kysely), clock: systemClock };
  await verifyBusiness(deps, 'cli', businessId, { name, commercialRegister, country });
  return { name, commercialRegister, country };
}

/** Proves `domain` for the business through the sandbox DNS zone, as its admin would (ADR 042). */
export async function proveDomain(
  app: FastifyInstance,
  adminToken: string,
  businessId: string,
  domain: string,
): Promise<void> {
  const claim = () => jsonCaller(app)('POST', `/v1/businesses/${businessId}/domains`, adminToken, { domain });
  await app.inject({
    method: 'POST',
    url: '/sandbox/dns',
    payload: new URLSearchParams((await claim()).json().proof).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const proved = await claim();
  if (proved.json().verified !== true) throw new Error(`proving ${domain} failed: ${proved.body}`);
}
