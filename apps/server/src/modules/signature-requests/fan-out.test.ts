// Who hears of a reminder, a decline and a withdrawal, over HTTP on SQLite and PostgreSQL: a
// reminder reaches exactly the signers still pending; a decline reaches the owner, the observers
// and every other signer (pending or signed); a withdrawal reaches every signer who has not
// declined and every observer. Neither outcome mail carries a link that could sign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import * as accounts from '../../test-support/accounts.js';
import { CONSENT } from '../../test-support/consent.js';

interface SandboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

describe.each(testDatabases())('request mail fan-out on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const auth = (email: string) => ({ authorization: `Bearer ${tokens[email]}` });

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of ['owner@example.org', 'signed@example.org', 'member@example.org'])
      tokens[email] = await accounts.signUp(t.app, email, email.split('@')[0]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The mails whose subject names `title`, as recipient -> subjects. */
  async function mailsAbout(title: string): Promise<SandboxMail[]> {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/mail.json' });
    return (res.json().messages as SandboxMail[]).filter((m) => m.subject.endsWith(title));
  }
  const recipientsOf = (mails: SandboxMail[], prefix: string) =>
    mails
      .filter((m) => m.subject.startsWith(prefix))
      .map((m) => m.to)
      .sort();

  /**
   * An open request: signed@ (account) has signed, member@ (account) and guest@ (link only) are
   * pending, watcher@ observes.
   */
  async function openRequest(title: string): Promise<string> {
    const created = await accounts.createDraftWithParties(t.app, tokens['owner@example.org']!, title);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/initiate`,
      headers: auth('owner@example.org'),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: auth('signed@example.org'),
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
    expect(signed.json().results?.[0]?.request_status, signed.body).toBe('open');
    return id;
  }

  it('reminds exactly the pending signers, each with a link of their own', async () => {
    const id = await openRequest('Remind fan-out');
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/remind`,
      headers: auth('owner@example.org'),
    });
    expect(res.json()).toEqual({ reminded: 2 });
    const mails = await mailsAbout('Remind fan-out');
    expect(recipientsOf(mails, 'Reminder')).toEqual(['guest@example.org', 'member@example.org']);
    const guest = mails.find((m) => m.to === 'guest@example.org' && m.subject.startsWith('Reminder'));
    const token = /\/view\/[\w-]+\/[\w-]+\?token=([\w-]+)/.exec(guest?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const direct = await t.app.inject({
      method: 'GET',
      url: `/v3/direct/signature-requests/${id}?token=${token}`,
    });
    expect(direct.statusCode).toBe(200);
    const member = mails.find((m) => m.to === 'member@example.org' && m.subject.startsWith('Reminder'));
    expect(member?.text).toContain(`/view/${id}`);
    expect(member?.text).not.toContain('token=');
  });

  it('tells the owner, the observers and every other signer of a decline, with the reason', async () => {
    const id = await openRequest('Decline fan-out');
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/decline`,
      headers: auth('member@example.org'),
      payload: { message: 'The amount is wrong' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const declined = (await mailsAbout('Decline fan-out')).filter((m) => m.subject.startsWith('Declined'));
    expect(declined.map((m) => m.to).sort()).toEqual([
      'guest@example.org',
      'owner@example.org',
      'signed@example.org',
      'watcher@example.org',
    ]);
    for (const mail of declined) {
      expect(mail.text).toContain('The amount is wrong');
      expect(mail.text).toContain(
        accounts.requestLinkFor(id, mail.to, ['guest@example.org', 'watcher@example.org']),
      );
      expect(mail.text + mail.html).not.toContain('token=');
    }
  });

  it('tells every signer who has not declined and every observer of a withdrawal, with the message', async () => {
    const id = await openRequest('Withdraw fan-out');
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/withdraw`,
      headers: auth('owner@example.org'),
      payload: { message: 'Superseded by a new version' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const withdrawn = (await mailsAbout('Withdraw fan-out')).filter((m) => m.subject.startsWith('Withdrawn'));
    expect(withdrawn.map((m) => m.to).sort()).toEqual([
      'guest@example.org',
      'member@example.org',
      'signed@example.org',
      'watcher@example.org',
    ]);
    for (const mail of withdrawn) {
      expect(mail.text).toContain('Superseded by a new version');
      expect(mail.text + mail.html).not.toContain('token=');
    }
  });
});
