// The completion mail is owed from the transaction that completes a request (ADR 027): sent once
// right after the last signature, or by the job when the completing process failed before
// sending it, and never twice; a fresh claim by another process is respected, a stale one
// taken over, and one whose process is dead taken over at once (ADR 046). With background
// delivery the signer's answer does not wait for it, and a serving process's background worker
// thread composes it (ADR 028); a worker thread that dies frees its claim at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestWithFiles, mailsTo, signUp } from '../../../test-support/accounts.js';
import { testFailpoints } from '../../../test-support/failpoints.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import {
  createTestApp,
  createTestClock,
  testDatabases,
  type TestApp,
} from '../../../test-support/test-app.js';
import { CONSENT } from '../../../test-support/consent.js';
import { silentIncarnation } from '../../../test-support/incarnations.js';
import { finishCompletionMail } from './repo.js';

const completedMails = async (t: TestApp, to: string) =>
  (await mailsTo(t.app, to)).filter((m) => m.subject.startsWith('Signed by everyone'));

describe.each(testDatabases())('completion mail on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function completeOneRequest(app: TestApp) {
    const owner = await signUp(app.app, 'owner@example.org', 'Olga');
    const signer = await signUp(app.app, 'signer@example.org', 'Sam');
    const created = await createRequestWithFiles(
      app.app,
      owner,
      {
        title: 'Completion',
        signatures: [{ email: 'signer@example.org' }],
        observers: ['watch@example.org'],
      },
      [{ name: 'c.pdf', bytes: await generatedPdf(1, 'Completion') }],
    );
    const { id } = created.json() as { id: string };
    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    await app.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${id}/initiate`,
      headers: headers(owner),
    });
    const signed = await app.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: headers(signer),
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
    expect(signed.json().results[0].request_status, signed.body).toBe('completed');
    return id;
  }

  it('is sent once, right after the last signature', async () => {
    t = await createTestApp(kind);
    await completeOneRequest(t);
    expect(await completedMails(t, 'watch@example.org')).toHaveLength(1);
    expect(await t.app.jobs.sendCompletionMails()).toBe(0);
    expect(await completedMails(t, 'watch@example.org')).toHaveLength(1);
  });

  it('is sent by the job when the completing process failed first, after its claim went stale', async () => {
    const clock = createTestClock();
    const faults = testFailpoints();
    t = await createTestApp(kind, { clock, failpoint: faults.failpoint });
    faults.fail('completion.before_mail');
    await completeOneRequest(t);
    expect(await completedMails(t, 'watch@example.org')).toHaveLength(0);
    // the failed process's claim is fresh: another one leaves it alone for now
    expect(await t.app.jobs.sendCompletionMails()).toBe(0);
    clock.advance(11 * 60 * 1000);
    expect(await t.app.jobs.sendCompletionMails()).toBe(1);
    for (const to of ['owner@example.org', 'signer@example.org', 'watch@example.org'])
      expect(await completedMails(t, to), to).toHaveLength(1);
    expect(await t.app.jobs.sendCompletionMails()).toBe(0);
  });

  it('is sent by the job at once when the process holding the claim is dead', async () => {
    const faults = testFailpoints();
    t = await createTestApp(kind, { failpoint: faults.failpoint });
    faults.fail('completion.before_mail');
    const id = await completeOneRequest(t);
    expect(await t.app.jobs.sendCompletionMails()).toBe(0); // a live process holds it
    // the holder was killed a minute ago: its claim, taken a moment ago, is free all the same
    const dead = await silentIncarnation(t.db.kysely, 60_000);
    await t.db.kysely
      .updateTable('signature_requests')
      .set({ completion_mail_claimed_by: dead })
      .where('id', '=', id)
      .execute();
    // a holder that lost its claim cannot mark the mail sent (its queued mails roll back with it)
    await expect(finishCompletionMail(t.db.kysely, id, 'not-the-holder')).rejects.toThrow('claim was lost');
    expect(await t.app.jobs.sendCompletionMails()).toBe(1);
    for (const to of ['owner@example.org', 'signer@example.org', 'watch@example.org'])
      expect(await completedMails(t, to), to).toHaveLength(1);
    expect(await t.app.jobs.sendCompletionMails()).toBe(0);
  });

  it('does not hold up the answer when mail goes out in the background', async () => {
    const faults = testFailpoints();
    t = await createTestApp(kind, {
      env: { MAIL_DELIVERY: 'background', BACKGROUND_WORKER: 'false' },
      failpoint: faults.failpoint,
    });
    // the mail is stuck before it is composed, yet the signer's answer comes
    const held = faults.hold('completion.before_mail');
    await completeOneRequest(t);
    await held.reached;
    expect(await completedMails(t, 'watch@example.org')).toHaveLength(0);
    held.release();
    await expect
      .poll(async () => (await completedMails(t!, 'watch@example.org')).length, { timeout: 20_000 })
      .toBe(1);
  });

  it('is composed by the background worker thread, over its own connection, with everything attached', async () => {
    t = await createTestApp(kind, { env: { MAIL_DELIVERY: 'background', BACKGROUND_WORKER: 'true' } });
    const id = await completeOneRequest(t);
    const attachmentsTo = async (to: string) =>
      (await completedMails(t!, to))[0]?.attachments.map((a) => a.filename).sort();
    for (const to of ['owner@example.org', 'signer@example.org', 'watch@example.org'])
      await expect
        .poll(() => attachmentsTo(to), { timeout: 30_000, interval: 100 })
        .toEqual(['c-signed.pdf', `signature-protocol-${id}.pdf`]);
    // the job goes through the worker too, and finds nothing left to send
    expect(await t.app.jobs.sendCompletionMails()).toBe(0);
    expect(await completedMails(t, 'watch@example.org')).toHaveLength(1);
  });

  it('is freed at once when the worker thread composing it dies, while the process lives on', async () => {
    // the thread that claims the mail ends right after claiming it, as a crashing thread would
    const output: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
      output.push(String(chunk));
      return write(chunk, ...(rest as []));
    });
    try {
      t = await createTestApp(kind, {
        env: {
          MAIL_DELIVERY: 'background',
          BACKGROUND_WORKER: 'true',
          COUNTERSIGN_FAILPOINT: 'completion.before_mail:exit',
        },
      });
      const id = await completeOneRequest(t);
      await expect
        .poll(() => output.join('').includes('failpoint reached: completion.before_mail'), {
          timeout: 30_000,
        })
        .toBe(true);
      const claim = () =>
        t!.db.kysely
          .selectFrom('signature_requests')
          .select(['completion_mail_due', 'completion_mail_claimed_by'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      // owed still, and nobody's: the job (or another process) sends it now, not in ten minutes
      await expect
        .poll(async () => (await claim()).completion_mail_claimed_by, { timeout: 5_000 })
        .toBeNull();
      expect(Number((await claim()).completion_mail_due)).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
