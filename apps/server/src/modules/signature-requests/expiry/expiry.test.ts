// Request expiry over HTTP on SQLite and PostgreSQL, with a clock the test moves (no sleeping):
// deadlines within bounds on create and update, the default from REQUEST_EXPIRY_DAYS, the last
// reminder before the deadline, and the job that moves overdue requests to expired (state,
// event chain, dead links, mail, list filter, protocol), once even when two runs race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestClock,
  testDatabases,
  type TestApp,
} from '../../../test-support/test-app.js';
import * as accounts from '../../../test-support/accounts.js';
import { CONSENT } from '../../../test-support/consent.js';

const DAY = 24 * 60 * 60 * 1000;

interface SandboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

describe.each(testDatabases())('request expiry on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  const tokens: Record<string, string> = {};
  const auth = (email: string) => ({ authorization: `Bearer ${tokens[email]}` });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? auth(who) : {}, ...(payload && { payload }) });
  /** Moves the clock; sessions last a day, so everyone logs in again. */
  async function advance(ms: number) {
    clock.advance(ms);
    for (const email of Object.keys(tokens)) {
      const login = await call('POST', '/v1/login', undefined, { email, password: accounts.TEST_PASSWORD });
      tokens[email] = login.json().token as string;
    }
  }
  const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { REQUEST_EXPIRY_DAYS: '30' } });
    for (const email of ['owner@example.org', 'signed@example.org', 'member@example.org'])
      tokens[email] = await accounts.signUp(t.app, email, email.split('@')[0]);
    const german = await call('PUT', '/v1/user', 'member@example.org', { attributes: { lang: 'de' } });
    expect(german.statusCode, german.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function mailsAbout(title: string): Promise<SandboxMail[]> {
    const res = await call('GET', '/sandbox/mail.json');
    return (res.json().messages as SandboxMail[]).filter((m) => m.subject.endsWith(title));
  }

  const draft = (title: string, extra: Record<string, unknown> = {}) =>
    accounts.createDraftWithParties(t.app, tokens['owner@example.org']!, title, extra);

  async function openRequest(title: string, extra: Record<string, unknown> = {}): Promise<string> {
    const created = await draft(title, extra);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const sent = await call('POST', `/v3/signature-requests/${id}/initiate`, 'owner@example.org');
    expect(sent.statusCode, sent.body).toBe(200);
    return id;
  }

  const sign = (id: string, who: string) =>
    call('POST', '/v3/sign', who, { consent: CONSENT, signature_requests: [{ signature_request_id: id }] });

  it('accepts a deadline between an hour and a year ahead, on create and on a draft', async () => {
    for (const bad of [inDays(-1), inDays(0.01), inDays(366)]) {
      const res = await draft('Bad deadline', { expires_at: bad });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('signature_request.invalid_expiry');
    }
    const created = await draft('Good deadline', { expires_at: inDays(5) });
    expect(created.json().expires_at).toBe(inDays(5));
    const id = created.json().id as string;
    const moved = await call('PUT', `/v3/signature-requests/${id}`, 'owner@example.org', {
      expires_at: inDays(7),
    });
    expect(moved.json().expires_at).toBe(inDays(7));
    const tooLate = await call('PUT', `/v3/signature-requests/${id}`, 'owner@example.org', {
      expires_at: inDays(400),
    });
    expect(tooLate.statusCode).toBe(422);
    const cleared = await call('PUT', `/v3/signature-requests/${id}`, 'owner@example.org', {
      expires_at: null,
    });
    expect(cleared.json().expires_at).toBeNull();
  });

  it('expires REQUEST_EXPIRY_DAYS after sending by default; a draft deadline that passed blocks sending', async () => {
    const id = await openRequest('Default deadline');
    const view = await call('GET', `/v3/signature-requests/${id}`, 'owner@example.org');
    expect(view.json().expires_at).toBe(inDays(30));

    const created = await draft('Stale deadline', { expires_at: inDays(1) });
    await advance(2 * DAY);
    const sent = await call(
      'POST',
      `/v3/signature-requests/${created.json().id}/initiate`,
      'owner@example.org',
    );
    expect(sent.statusCode).toBe(422);
    expect(sent.json().code).toBe('signature_request.invalid_expiry');
  });

  it('reminds the pending signers once, days before the deadline, then expires the request', async () => {
    const id = await openRequest('Running out', { expires_at: inDays(8) });
    expect((await sign(id, 'signed@example.org')).json().results[0].request_status).toBe('open');

    await advance(4 * DAY);
    expect(await t.app.jobs.expireRequests()).toEqual({ expired: 0, reminded: 0 });
    await advance(1 * DAY + 1000); // within three days of the deadline
    expect(await t.app.jobs.expireRequests()).toEqual({ expired: 0, reminded: 1 });
    expect(await t.app.jobs.expireRequests()).toEqual({ expired: 0, reminded: 0 });
    const reminders = (await mailsAbout('Running out')).filter((m) =>
      /^(Expires soon|Läuft bald ab)/.test(m.subject),
    );
    expect(reminders.map((m) => m.to).sort()).toEqual(['guest@example.org', 'member@example.org']);
    expect(reminders.find((m) => m.to === 'member@example.org')?.subject).toMatch(/^Läuft bald ab/);
    const guestReminder = reminders.find((m) => m.to === 'guest@example.org')!;
    expect(guestReminder.text).toMatch(/The request expires on .+ 2026 .+ UTC\./);
    const token = /\?token=([\w-]+)/.exec(guestReminder.text)![1]!;
    const direct = `/v3/direct/signature-requests/${id}?token=${token}`;
    expect((await call('GET', direct)).statusCode).toBe(200);

    await advance(3 * DAY);
    // past the deadline, signing is refused before the job has even run
    const late = await sign(id, 'member@example.org');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('signature_request.invalid_transition');
    expect(await t.app.jobs.expireRequests()).toEqual({ expired: 1, reminded: 0 });
    expect(await t.app.jobs.expireRequests()).toEqual({ expired: 0, reminded: 0 });

    const status = await call('GET', `/v3/signature-requests/${id}/status`, 'owner@example.org');
    expect(status.json().status).toBe('expired');
    const listed = await call('GET', '/v3/signature-requests-redesign?status=expired', 'owner@example.org');
    expect(listed.json().items.map((i: { id: string }) => i.id)).toContain(id);
    const events = (await call('GET', `/v3/signature-requests/${id}/events`, 'owner@example.org')).json();
    expect(events.chain_valid).toBe(true);
    expect(events.events.at(-1)).toMatchObject({ type: 'expired', actor: { kind: 'system' } });
    // the link only reads now (ADR 041): the outcome, no signing
    expect((await call('GET', direct)).json().status).toBe('expired');
    const lateSign = await call('POST', `/v3/direct/sign?token=${token}`, undefined, {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(lateSign.statusCode).toBe(404);
    const again = await sign(id, 'member@example.org');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('signature_request.invalid_transition');

    const expired = (await mailsAbout('Running out')).filter((m) => /^(Expired|Abgelaufen)/.test(m.subject));
    expect(expired.map((m) => m.to).sort()).toEqual([
      'guest@example.org',
      'member@example.org',
      'owner@example.org',
      'signed@example.org',
      'watcher@example.org',
    ]);
    expect(expired.find((m) => m.to === 'member@example.org')?.text).toContain('abgelaufen');
    for (const mail of expired) {
      expect(mail.text).toContain(
        accounts.requestLinkFor(id, mail.to, ['guest@example.org', 'watcher@example.org']),
      );
      expect(mail.text + mail.html).not.toContain('token=');
    }
    const protocol = await call('GET', `/v3/signature-requests/${id}/report?type=json`, 'owner@example.org');
    expect(protocol.json().request.status).toBe('expired');
  });

  it('expires each overdue request exactly once when two runs race', async () => {
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await openRequest(`Race ${n}`, { expires_at: inDays(1) }));
    await advance(2 * DAY);
    const [a, b] = await Promise.all([t.app.jobs.expireRequests(), t.app.jobs.expireRequests()]);
    expect(a.expired + b.expired).toBe(3);
    for (const id of ids) {
      const events = (await call('GET', `/v3/signature-requests/${id}/events`, 'owner@example.org')).json();
      expect(events.events.filter((e: { type: string }) => e.type === 'expired')).toHaveLength(1);
      expect(events.chain_valid).toBe(true);
    }
  });
});
