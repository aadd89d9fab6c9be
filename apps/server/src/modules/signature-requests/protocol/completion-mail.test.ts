// The completion mail carries the signature protocol, sealed, in each recipient's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../../providers/mail/mailer.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import * as accounts from '../../../test-support/accounts.js';
import { createNssDb, runPdfsig } from '../../../test-support/pdfsig.js';
import { pdfText } from '../../../test-support/pdftotext.js';
import { CONSENT } from '../../../test-support/consent.js';

describe('signature protocol in the completion mail', () => {
  let t: TestApp;
  let nss: { dir: string; cleanup(): void };
  const sent: MailMessage[] = [];
  // keeps every mail whole (the sandbox mailbox lists attachments by name and size only)
  const mailer: Mailer = { send: async (m) => void sent.push(m), close: () => undefined };
  const confirmLink = (to: string) =>
    sent.findLast((m) => m.to === to && m.text.includes('/signup/confirm?token='))?.text ?? '';

  async function signUp(email: string, lang: string) {
    await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email, password: accounts.TEST_PASSWORD, first_name: 'Ada', last_name: 'Tester' },
    });
    const token = /token=([\w-]+)/.exec(confirmLink(email))![1];
    await t.app.inject({ method: 'POST', url: '/v1/valid-confirmation', payload: { token } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { email, password: accounts.TEST_PASSWORD },
    });
    const session = login.json().token as string;
    await t.app.inject({
      method: 'PUT',
      url: '/v1/user',
      headers: { authorization: `Bearer ${session}` },
      payload: { attributes: { lang } },
    });
    return session;
  }

  beforeAll(async () => {
    t = await createTestApp('sqlite', { mailer });
    nss = createNssDb((await t.app.inject({ method: 'GET', url: '/trust/ca/root.cer' })).rawPayload);
  });
  afterAll(async () => {
    nss?.cleanup();
    await t?.close();
  });

  it('attaches the sealed protocol, in English for the sender and in French for the signer', async () => {
    const owner = await signUp('owner@example.org', 'en');
    const signer = await signUp('signer@example.org', 'fr');
    const created = await accounts.createRequestWithFiles(
      t.app,
      owner,
      { title: 'Mailed Protocol', signatures: [{ email: 'signer@example.org' }] },
      [{ name: 'deal.pdf', bytes: await generatedPdf(1, 'Deal') }],
    );
    const id = created.json().id as string;
    await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/initiate`,
      headers: { authorization: `Bearer ${owner}` },
    });
    const signed = await t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: { authorization: `Bearer ${signer}` },
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
    expect(signed.json().results[0].request_status, signed.body).toBe('completed');

    const protocolFor = (to: string) => {
      const mail = sent.find((m) => m.to === to && m.text.includes(`/view/${id}`) && m.attachments?.length);
      return mail?.attachments?.find((a) => a.filename === `signature-protocol-${id}.pdf`);
    };
    for (const [to, heading] of [
      ['owner@example.org', 'Signature protocol'],
      ['signer@example.org', 'Protocole de signature'],
    ] as const) {
      const protocol = protocolFor(to);
      expect(protocol, `protocol mailed to ${to}`).toBeDefined();
      const text = pdfText(protocol!.content);
      expect(text).toContain(heading);
      expect(text).toContain('Mailed Protocol');
      const judged = await runPdfsig(nss.dir, protocol!.content);
      expect(judged.signatures[0]?.valid && judged.signatures[0].trusted, judged.output).toBe(true);
    }
    const french = sent.find((m) => m.to === 'signer@example.org' && m.subject.startsWith('Signé par tous'));
    expect(french?.text).toContain('Les documents signés et le protocole de signature sont joints.');
  });
});
