// Test helpers for billing: the sandbox card page filled in as a card holder would (with the 3-D
// Secure step approved or failed), a business with an admin and a member, and promo codes.
import type { FastifyInstance } from 'fastify';
import type { PromoCode } from '@countersign/domain';
import { insertPromo } from '../modules/billing/repo.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { deriveSandboxSecret, SANDBOX_WEBHOOK_PURPOSE } from '../providers/payments/create-provider.js';
import { signPayload } from '../providers/payments/sandbox/signature.js';
import type { TestApp } from './test-app.js';
import { signUp, TEST_PASSWORD } from './accounts.js';
import { jsonCaller } from './business.js';

const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: local(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * Enters a card on the sandbox's setup page; a card that asks for 3-D Secure gets `decision`.
 * Answers the status of the card page (402 declined, 303 on to the return address, whose path it
 * names).
 */
export async function enterCard(
  app: FastifyInstance,
  setupUrl: string,
  number: string,
  decision: 'approve' | 'fail' = 'approve',
): Promise<{ status: number; redirectStatus: string | null; returnPath?: string }> {
  const entered = await postForm(app, setupUrl, { number, expiry: '12/30', cvc: '123' });
  if (entered.statusCode !== 303) return { status: entered.statusCode, redirectStatus: null };
  let location = entered.headers.location as string;
  if (/\/authenticate\?/.test(location)) {
    location = (await postForm(app, location, { decision })).headers.location as string;
  }
  const back = new URL(location);
  return { status: 303, redirectStatus: back.searchParams.get('redirect_status'), returnPath: back.pathname };
}

/**
 * Sessions that survive a test moving its clock by days (a session lasts 24 hours): the person
 * signs in again when theirs is older than 12 hours of the app's clock.
 */
export function sessionsOn(app: FastifyInstance, clock: Clock) {
  const held = new Map<string, { token: string; at: number }>();
  return async (email: string, token?: string): Promise<string> => {
    const now = clock.now().getTime();
    if (token) held.set(email, { token, at: now });
    const current = held.get(email);
    if (current && now - current.at < 12 * 3_600_000) return current.token;
    const login = await app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { email, password: TEST_PASSWORD },
    });
    const fresh = login.json().token as string;
    held.set(email, { token: fresh, at: now });
    return fresh;
  };
}

/** Saves a billing address for the business: buying a plan needs one. */
export async function saveBillingAddress(app: FastifyInstance, businessId: string, adminToken: string) {
  const res = await jsonCaller(app)('PUT', `/v2/businesses/${businessId}/billing`, adminToken, {
    address1: 'Bahnhofstrasse 1',
    city: 'Zürich',
    country: 'CH',
    postal_code: '8001',
  });
  if (res.statusCode !== 200) throw new Error(`billing address: ${res.body}`);
}

/** A business of `admin` with `member` in it, both signed in, its billing address saved. */
export async function businessWithMember(app: FastifyInstance, prefix: string) {
  const call = jsonCaller(app);
  const admin = await signUp(app, `${prefix}-admin@example.org`, 'Ada');
  const member = await signUp(app, `${prefix}-member@example.org`, 'Max');
  const created = await call('POST', '/v2/businesses', admin, {
    name: `${prefix} Ltd`,
    accept_gtc: true,
    accept_dpa: true,
  });
  const businessId = created.json().id as string;
  await call('POST', `/v1/businesses/${businessId}/members`, admin, {
    users: [{ email: `${prefix}-member@example.org` }],
  });
  await call('POST', '/v1/user/accept', member, { business_invite: true });
  await saveBillingAddress(app, businessId, admin);
  return {
    admin,
    member,
    businessId,
    adminEmail: `${prefix}-admin@example.org`,
    memberEmail: `${prefix}-member@example.org`,
  };
}

export async function addPromo(db: Db, promo: Partial<PromoCode> & Pick<PromoCode, 'code'>, now: Date) {
  await insertPromo(
    db.kysely,
    {
      discount: { type: 'percent', basisPoints: 2_000 },
      plans: null,
      cycles: null,
      maxRedemptions: null,
      redemptions: 0,
      expiresAt: null,
      ...promo,
    },
    now.toISOString(),
  );
}

/**
 * Sends the sandbox's events about `paymentId` to the webhook again, as a provider may: each as it
 * was (a replay), and again under a new event id (the same news told twice). Answers the statuses.
 */
export async function replayPaymentEvents(t: TestApp, clock: Clock, paymentId: string): Promise<number[]> {
  const secret = deriveSandboxSecret(t.config, SANDBOX_WEBHOOK_PURPOSE);
  const rows = await t.db.kysely.selectFrom('sandbox_payment_webhooks').select('payload').execute();
  const statuses: number[] = [];
  for (const { payload } of rows) {
    const event = JSON.parse(payload) as { id: string; object_id: string };
    if (event.object_id !== paymentId) continue;
    for (const body of [payload, JSON.stringify({ ...event, id: `${event.id}_again` })]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/payments/webhooks/sandbox',
        headers: {
          'content-type': 'application/json',
          'countersign-signature': signPayload(secret, body, clock.now()),
        },
        payload: body,
      });
      statuses.push(res.statusCode);
    }
  }
  return statuses;
}
