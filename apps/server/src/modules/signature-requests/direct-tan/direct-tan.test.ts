// Link signers' TANs over HTTP, on SQLite and PostgreSQL: a TAN mailed in the business's name and
// under the caller's subject, passed after one wrong try; locked after five wrong tries; expired
// after ten minutes; at most five sent an hour; a used TAN does not pass twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../../../test-support/accounts.js';
import { createBusiness, jsonCaller } from '../../../test-support/business.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import {
  createTestApp,
  createTestClock,
  testDatabases,
  type TestApp,
} from '../../../test-support/test-app.js';

describe.each(testDatabases())('TANs of link signers on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock(new Date('2026-11-22T10:00:00Z'));
  let call: ReturnType<typeof jsonCaller>;
  let owner = '';

  /** A sent request with one link signer; their link's token. */
  async function linkSigner(email: string): Promise<string> {
    const created = await accounts.createRequestWithFiles(
      t.app,
      owner,
      { title: 'TAN', signatures: [{ email }] },
      [{ name: 'tan.pdf', bytes: await generatedPdf(1, 'TAN') }],
    );
    const id = created.json().id as string;
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`, owner)).statusCode).toBe(200);
    const mail = (await accounts.mailsTo(t.app, email)).find((m) => m.text.includes(`${id}/`));
    return /token=([\w-]+)/.exec(mail!.text)![1]!;
  }
  const resend = (token: string, body: object = {}) =>
    call('POST', `/v1/direct/tan/resend?token=${token}`, undefined, body);
  const check = (token: string, tan: string) =>
    call('POST', `/v1/direct/tan/check?token=${token}`, undefined, { tan });
  const lastTan = async (to: string) => {
    const mail = (await accounts.mailsTo(t.app, to)).filter((m) => /TAN: \d{6}/.test(m.text)).at(-1);
    return { tan: /TAN: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '', mail };
  };
  const wrongFor = (tan: string) => (tan === '123456' ? '654321' : '123456');

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    call = jsonCaller(t.app);
    owner = await accounts.signUp(t.app, 'owner@example.org', 'Olga');
    await createBusiness(t.app, owner, 'Lab AG');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails a TAN in the business’s name and passes it after one wrong try', async () => {
    const token = await linkSigner('guest@example.org');
    const sent = await resend(token, {
      subject: 'Your code for Lab AG',
      company_branding: true,
      url: 'https://evil.example/phish',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'mail', sent_to: 'g***@example.org' });
    const { tan, mail } = await lastTan('guest@example.org');
    expect(mail?.subject).toBe('Your code for Lab AG');
    expect(mail?.text).toContain('Lab AG asks you to sign a document.');
    expect(mail?.text).not.toContain('evil.example');

    const wrong = await check(token, wrongFor(tan));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('signing.tan_invalid');
    const right = await check(token, tan);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({
      verified: true,
      verified_at: clock.now().toISOString(),
      verified_until: new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
    });
    // used up: it does not pass twice
    expect((await check(token, tan)).json().code).toBe('direct_tan.missing');
  });

  it('locks after five wrong tries, expires after ten minutes, and sends five an hour', async () => {
    const token = await linkSigner('locked@example.org');
    await resend(token);
    const { tan } = await lastTan('locked@example.org');
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await check(token, wrongFor(tan))).json().code);
    expect(codes).toEqual([...Array(4).fill('signing.tan_invalid'), 'signing.tan_locked']);
    const afterLock = await check(token, tan);
    expect(afterLock.statusCode).toBe(423);

    await resend(token);
    const late = (await lastTan('locked@example.org')).tan;
    clock.advance(10 * 60_000 + 1);
    const expired = await check(token, late);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('signing.tan_expired');

    for (let i = 0; i < 3; i++) expect((await resend(token)).statusCode).toBe(200);
    const limited = await resend(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('direct_tan.resend_limit');
    // a signed-in person's call or a bad token is not a link holder's
    expect(
      (await call('POST', '/v1/direct/tan/check?token=not-a-real-token-at-all-x', undefined, { tan }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
    clock.advance(3_600_000 + 60_000);
  });
});
