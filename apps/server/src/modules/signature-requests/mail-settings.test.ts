// Mail follows each recipient's notification setting and the attachment limit: mails asking for
// an action always go out; "important" adds outcomes; "none" keeps only the action mails; people
// without an account get everything. The completion mail carries the signed documents and the
// signature protocol up to MAIL_ATTACHMENTS_MB and links to them above it, or when the settings
// (MAIL_ATTACH_SIGNED_DOCUMENTS, MAIL_ATTACH_PROTOCOL) turn either off. Its link opens the request
// for account holders; people without an account are asked to create one with their address.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import * as accounts from '../../test-support/accounts.js';
import { CONSENT } from '../../test-support/consent.js';

interface SandboxMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; size: number }[];
}

describe('request mail and notification settings', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function mailbox(app: TestApp['app']): Promise<SandboxMail[]> {
    return (await app.inject({ method: 'GET', url: '/sandbox/mail.json' })).json().messages;
  }

  async function completeRequest(app: TestApp['app'], levels: Record<string, 'all' | 'important' | 'none'>) {
    const tokens: Record<string, string> = {};
    for (const email of ['owner@example.org', ...Object.keys(levels)]) {
      tokens[email] = await accounts.signUp(app, email, email.split('@')[0]);
      const level = levels[email];
      if (level) {
        const res = await app.inject({
          method: 'PUT',
          url: '/v1/user',
          headers: { authorization: `Bearer ${tokens[email]}` },
          payload: { attributes: { email_notification_level: level } },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const created = await accounts.createRequestWithFiles(
      app,
      tokens['owner@example.org']!,
      {
        title: 'Settings',
        signatures: [{ email: 'quiet@example.org' }],
        observers: ['watcher@example.org', 'outsider@example.org'],
      },
      [{ name: 'settings.pdf', bytes: await generatedPdf(1, 'Settings') }],
    );
    const id = created.json().id as string;
    const auth = (email: string) => ({ authorization: `Bearer ${tokens[email]}` });
    await app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/initiate`,
      headers: auth('owner@example.org'),
    });
    const signed = await app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: auth('quiet@example.org'),
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
    expect(signed.json().results?.[0]?.request_status, signed.body).toBe('completed');
  }

  it('sends each person only what their setting asks for', async () => {
    t = await createTestApp('sqlite');
    await completeRequest(t.app, { 'quiet@example.org': 'none', 'watcher@example.org': 'important' });
    const mails = await mailbox(t.app);
    const subjects = (to: string) =>
      mails
        .filter((m) => m.to === to)
        .map((m) => m.subject.split(':')[0])
        .sort();
    // "none": the invitation (an action), not the completion
    expect(subjects('quiet@example.org')).toEqual(['Confirm your e-mail address', 'Please sign']);
    // "important": the completion, not the observer notice
    expect(subjects('watcher@example.org')).toEqual(['Confirm your e-mail address', 'Signed by everyone']);
    // no account: everything
    expect(subjects('outsider@example.org')).toEqual(['For your information', 'Signed by everyone']);
    const completion = mails.find((m) => m.to === 'owner@example.org' && m.subject.startsWith('Signed by'));
    expect(completion?.attachments).toEqual([
      expect.objectContaining({ filename: 'settings-signed.pdf', content_type: 'application/pdf' }),
      expect.objectContaining({
        filename: expect.stringMatching(/^signature-protocol-[\w-]+\.pdf$/),
        content_type: 'application/pdf',
        size: expect.any(Number),
      }),
    ]);
    expect(completion?.attachments[1]?.size).toBeGreaterThan(10_000);
    expect(completion?.text).toContain('The signed documents and the signature protocol are attached');
  });

  it('links to the documents instead of attaching them above the limit', async () => {
    t = await createTestApp('sqlite', { env: { MAIL_ATTACHMENTS_MB: '0' } });
    await completeRequest(t.app, { 'quiet@example.org': 'all' });
    const completion = (await mailbox(t.app)).find(
      (m) => m.to === 'owner@example.org' && m.subject.startsWith('Signed by'),
    );
    expect(completion?.attachments).toEqual([]);
    expect(completion?.text).toContain(
      'Download the signed documents and the signature protocol from the request',
    );
    expect(completion?.text).toMatch(/\/view\/[\w-]+/);
  });

  it.each([
    {
      setting: 'MAIL_ATTACH_SIGNED_DOCUMENTS',
      attached: [/^signature-protocol-[\w-]+\.pdf$/],
      says: 'The signature protocol is attached; download the signed documents from the request.',
    },
    {
      setting: 'MAIL_ATTACH_PROTOCOL',
      attached: [/^settings-signed\.pdf$/],
      says: 'The signed documents are attached; the signature protocol is in the request.',
    },
  ])('links instead of attaching what $setting=false turns off', async ({ setting, attached, says }) => {
    t = await createTestApp('sqlite', { env: { [setting]: 'false' } });
    await completeRequest(t.app, { 'quiet@example.org': 'all' });
    const completions = (await mailbox(t.app)).filter((m) => m.subject.startsWith('Signed by'));
    expect(completions.map((m) => m.to).sort()).toEqual([
      'outsider@example.org',
      'owner@example.org',
      'quiet@example.org',
      'watcher@example.org',
    ]);
    for (const mail of completions) {
      expect(mail.attachments.map((a) => a.filename)).toEqual(attached.map((a) => expect.stringMatching(a)));
      expect(mail.text).toContain(says);
      if (['owner@example.org', 'quiet@example.org'].includes(mail.to))
        expect(mail.text).toMatch(/Open the request: http:\/\/countersign\.test\/view\/[\w-]+\n/);
      // the observers have no account: the request's page would only show them a login
      else
        expect(mail.text).toContain(
          `To open the request, create a free account with this e-mail address: http://countersign.test/signup?email=${encodeURIComponent(mail.to)}\n`,
        );
    }
  });
});
