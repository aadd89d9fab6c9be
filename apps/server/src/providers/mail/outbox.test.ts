// The outbox keeps every mail until it has left: failed deliveries are retried on schedule and
// given up only after the last try; attachments stay stored while a mail waits; background
// delivery does not hold up the caller; two processes never send the same due mail twice; a
// mail whose removal failed after it left is sent again whole, never without its attachments; a
// mail that failed for good is purged once it has been kept long enough. A dead process's lease is
// taken over at once, a live one's is left alone, and a mail the transport accepted is never sent
// again, even by the process that takes over from one killed right after (ADR 046).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { afterEach, describe, expect, it } from 'vitest';
import { isBlobReferenced } from '../../modules/signature-requests/repo.js';
import { createDirectoryBlobStore } from '../../storage/blob-store.js';
import { createTestClock, openTestDatabase, testDatabases } from '../../test-support/test-app.js';
import type { Mailer, MailMessage } from './mailer.js';
import { DELIVERY_BATCH, RETRY_DELAYS_MS, createMailOutbox, purgeFailedMails } from './outbox.js';
import type { Incarnation } from '../../liveness/incarnation.js';
import { markDead } from '../../liveness/repo.js';
import { liveIncarnation, silentIncarnation } from '../../test-support/incarnations.js';

/** A transport that fails while `failures` is above zero and records what it delivered. */
function flakyTransport(failures = 0) {
  const delivered: MailMessage[] = [];
  const transport: Mailer & { failures: number; delivered: MailMessage[] } = {
    failures,
    delivered,
    async send(message) {
      if (transport.failures > 0) {
        transport.failures--;
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      }
      delivered.push(message);
    },
    close: () => undefined,
  };
  return transport;
}

const logs: { level: string; msg: string; obj: unknown }[] = [];
const log = {
  warn: (obj: unknown, msg: string) => logs.push({ level: 'warn', msg, obj }),
  error: (obj: unknown, msg: string) => logs.push({ level: 'error', msg, obj }),
};

const mail = (to: string, attachment?: Uint8Array): MailMessage => ({
  to,
  subject: 'Please sign',
  text: 'https://countersign.test/view/r1/s1?token=secret-link-token',
  html: '<p>link</p>',
  ...(attachment && {
    attachments: [{ filename: 'a.pdf', content: attachment, contentType: 'application/pdf' }],
  }),
});

describe.each(testDatabases())('mail outbox on %s', (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
    logs.length = 0;
  });

  async function setUp(transport: Mailer, mode: 'inline' | 'background' = 'inline') {
    const opened = await openTestDatabase(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-outbox-'));
    cleanup.push(opened.cleanup, async () => fs.rmSync(dir, { recursive: true, force: true }));
    const blobs = createDirectoryBlobStore(dir);
    const clock = createTestClock();
    const process = async (): Promise<Incarnation> => {
      const incarnation = await liveIncarnation(opened.db.kysely);
      cleanup.push(() => incarnation.stop());
      return incarnation;
    };
    const liveness = await process();
    const outbox = createMailOutbox({ db: opened.db.kysely, blobs, transport, clock, log, mode, liveness });
    cleanup.push(async () => outbox.close());
    const rows = () => opened.db.kysely.selectFrom('mail_outbox').selectAll().execute();
    return { db: opened.db.kysely, blobs, clock, outbox, rows, liveness, process };
  }

  it('keeps a mail the transport refused and delivers it on a later try, attachments intact', async () => {
    const transport = flakyTransport(2);
    const { db, clock, outbox, rows } = await setUp(transport);
    const pdf = new TextEncoder().encode('%PDF-1.7 signed bytes');

    await outbox.send(mail('anna@example.org', pdf)); // does not throw: the mail is kept
    expect(transport.delivered).toEqual([]);
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.last_error).toContain('ECONNREFUSED');

    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 }); // not due yet
    clock.advance(RETRY_DELAYS_MS[0]!);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect((await rows())[0]).toMatchObject({ attempts: 2 });
    clock.advance(RETRY_DELAYS_MS[1]!);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });

    expect(transport.delivered).toHaveLength(1);
    expect(transport.delivered[0]?.to).toBe('anna@example.org');
    expect(Buffer.from(transport.delivered[0]!.attachments![0]!.content).equals(Buffer.from(pdf))).toBe(true);
    expect(await rows()).toEqual([]); // sent mails (and their links) are not kept
    expect(await db.selectFrom('mail_outbox_attachments').selectAll().execute()).toEqual([]);
    expect(JSON.stringify(logs)).not.toContain('secret-link-token');
  });

  it('gives up after the last scheduled try and says so in the log', async () => {
    const transport = flakyTransport(1000);
    const { clock, outbox, rows } = await setUp(transport);
    await outbox.send(mail('ben@example.org'));
    for (const delay of RETRY_DELAYS_MS) {
      clock.advance(delay);
      await outbox.deliverDue();
    }
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1 });
    clock.advance(365 * 24 * 3600 * 1000);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(logs.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual([
      'mail delivery failed for good',
    ]);
  });

  it('keeps a mail that failed for good for a while, then purges it with its attachments', async () => {
    const transport = flakyTransport(1000);
    const { db, blobs, clock, outbox, rows } = await setUp(transport);
    const bytes = new TextEncoder().encode('attachment of a mail that never left');
    await outbox.send(mail('dora@example.org', bytes));
    for (const delay of RETRY_DELAYS_MS) {
      clock.advance(delay);
      await outbox.deliverDue();
    }
    const failedAt = clock.now();
    await outbox.send(mail('emil@example.org')); // still being retried: never purged
    const sha = await blobs.put(bytes);

    expect(await purgeFailedMails(db, failedAt)).toBe(0); // not kept long enough yet
    expect((await rows()).map((r) => r.status).sort()).toEqual(['failed', 'pending']);
    expect(await purgeFailedMails(db, new Date(failedAt.getTime() + 1))).toBe(1);
    expect((await rows()).map((r) => [r.to_address, r.status])).toEqual([['emil@example.org', 'pending']]);
    expect(await db.selectFrom('mail_outbox_attachments').selectAll().execute()).toEqual([]);
    expect(await isBlobReferenced(db, sha)).toBe(false); // the blob sweep may take it now
  });

  it('keeps a waiting mail’s attachment referenced so the blob sweep leaves it alone', async () => {
    const transport = flakyTransport(1);
    const { db, blobs, clock, outbox } = await setUp(transport);
    const bytes = new TextEncoder().encode('attachment only this mail holds');
    await outbox.send(mail('cid@example.org', bytes));
    const sha = await blobs.put(bytes);
    expect(await isBlobReferenced(db, sha)).toBe(true);
    clock.advance(RETRY_DELAYS_MS[0]!);
    await outbox.deliverDue();
    expect(await isBlobReferenced(db, sha)).toBe(false);
  });

  it('refers to an attachment the blob store already holds instead of storing it again', async () => {
    const transport = flakyTransport(2); // both mails below wait in the outbox
    const { db, blobs: store, clock, liveness } = await setUp(transport);
    const written: string[] = [];
    const blobs = {
      ...store,
      put: async (bytes: Uint8Array) => (written.push(await store.put(bytes)), written.at(-1)!),
    };
    const outbox = createMailOutbox({ db, blobs, transport, clock, log, mode: 'inline', liveness });
    cleanup.push(async () => outbox.close());
    const bytes = new TextEncoder().encode('a signed revision, stored when it was signed');
    const sha = await store.put(bytes);
    const attach = (content: Uint8Array, blob: string) => ({
      filename: 'a.pdf',
      content,
      contentType: 'application/pdf',
      blob,
    });
    await outbox.send({ ...mail('dee@example.org'), attachments: [attach(bytes, sha)] });
    expect(written).toEqual([]);
    // bytes under a name the store does not know are stored after all
    const missing = new TextEncoder().encode('bytes under a name the store does not know');
    await outbox.send({ ...mail('eve@example.org'), attachments: [attach(missing, 'f'.repeat(64))] });
    expect(written).toEqual([createHash('sha256').update(missing).digest('hex')]);
    const held = await db.selectFrom('mail_outbox_attachments').select('sha256').execute();
    expect(held.map((row) => row.sha256).sort()).toEqual([sha, written[0]].sort());
    // delivered on the next try with the stored bytes
    clock.advance(RETRY_DELAYS_MS[0]!);
    await outbox.deliverDue();
    expect(transport.delivered.map((m) => Buffer.from(m.attachments![0]!.content).toString()).sort()).toEqual(
      ['a signed revision, stored when it was signed', 'bytes under a name the store does not know'],
    );
  });

  it('in the background, returns before the transport has finished and delivers right after', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const delivered: string[] = [];
    const slow: Mailer = {
      async send(message) {
        await gate;
        delivered.push(message.to);
      },
      close: () => undefined,
    };
    const { outbox, rows } = await setUp(slow, 'background');
    await outbox.send(mail('dora@example.org'));
    expect(delivered).toEqual([]);
    release();
    await expect.poll(() => delivered, { timeout: 5000 }).toEqual(['dora@example.org']);
    await expect.poll(async () => (await rows()).length, { timeout: 5000 }).toBe(0);
  });

  it('sends a due mail once when two processes deliver at the same time', async () => {
    const first = flakyTransport(1);
    const { db, blobs, clock, outbox, process } = await setUp(first);
    await outbox.send(mail('eve@example.org')); // first try fails, the mail waits
    const second = flakyTransport(0);
    const otherProcess = createMailOutbox({
      db,
      blobs,
      transport: second,
      clock,
      log,
      mode: 'inline',
      liveness: await process(),
    });
    clock.advance(RETRY_DELAYS_MS[0]!);
    await Promise.all([outbox.deliverDue(), otherProcess.deliverDue()]);
    expect(first.delivered.length + second.delivered.length).toBe(1);
  });

  it('queues several mails with a write of the caller in one transaction: all of them or none', async () => {
    // nothing leaves (the transport refuses all): this test looks at what is queued
    const { db, outbox, rows } = await setUp(flakyTransport(100));
    const pdf = new TextEncoder().encode('%PDF-1.7 the signed document');
    // the caller's own write: a row in a table the outbox does not touch
    const mark = (subject: string) => async (trx: Transaction<Database>) => {
      await trx
        .insertInto('sandbox_mail')
        .values({ to_address: 'x', subject, text_body: '', html_body: '', created_at: '', attachments: '[]' })
        .execute();
    };

    await expect(
      outbox.queue([mail('gil@example.org', pdf), mail('hal@example.org', pdf)], async (trx) => {
        await mark('first')(trx);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await rows()).toEqual([]);
    expect(await db.selectFrom('sandbox_mail').selectAll().execute()).toEqual([]);

    await outbox.queue([mail('gil@example.org', pdf), mail('hal@example.org', pdf)], mark('second'));
    expect((await rows()).map((r) => r.to_address).sort()).toEqual(['gil@example.org', 'hal@example.org']);
    expect(await db.selectFrom('sandbox_mail').select('subject').execute()).toEqual([{ subject: 'second' }]);
    // both refer to the one stored attachment
    const shas = await db.selectFrom('mail_outbox_attachments').select('sha256').execute();
    expect(new Set(shas.map((r) => r.sha256)).size).toBe(1);
  });

  it('delivers more mails than one batch holds, each once, and keeps only the one refused', async () => {
    const delivered: string[] = [];
    const picky: Mailer = {
      async send(message) {
        if (message.to === 'refuse@example.org') throw new Error('550 mailbox unavailable');
        delivered.push(message.to);
      },
      close: () => undefined,
    };
    const { outbox, rows } = await setUp(picky, 'background');
    const count = DELIVERY_BATCH * 2 + 3;
    const addresses = Array.from({ length: count }, (_, i) => `p${i}@example.org`);
    addresses.splice(DELIVERY_BATCH - 1, 0, 'refuse@example.org');
    await outbox.queue(addresses.map((to) => mail(to, new TextEncoder().encode(`%PDF ${to}`))));
    await outbox.close(); // waits for the delivery run the queueing started
    expect(delivered.sort()).toEqual(addresses.filter((a) => a !== 'refuse@example.org').sort());
    expect(await rows()).toEqual([
      expect.objectContaining({ to_address: 'refuse@example.org', status: 'pending' }),
    ]);
  });

  it('sends a mail again with its attachments when removing it after delivery failed', async () => {
    const transport = flakyTransport(0);
    const { db, clock, outbox, rows } = await setUp(transport);
    // the database refuses to remove the mail row (a full disk, a lost connection...)
    if (kind === 'sqlite')
      await sql`create trigger refuse_outbox_delete before delete on mail_outbox
        begin select raise(abort, 'disk full'); end`.execute(db);
    else {
      await sql`create function refuse_outbox_delete() returns trigger language plpgsql
        as $$ begin raise exception 'disk full'; end $$`.execute(db);
      await sql`create trigger refuse_outbox_delete before delete on mail_outbox
        for each row execute function refuse_outbox_delete()`.execute(db);
    }
    const pdf = new TextEncoder().encode('%PDF-1.7 the signed document');
    await expect(outbox.send(mail('fay@example.org', pdf))).rejects.toThrow('disk full');
    expect(transport.delivered).toHaveLength(1);
    await sql`drop trigger refuse_outbox_delete${sql.raw(kind === 'sqlite' ? '' : ' on mail_outbox')}`.execute(
      db,
    );

    // delivery is at least once: after the claim has run out, the mail goes again, whole
    clock.advance(5 * 60 * 1000 + 1000);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(transport.delivered).toHaveLength(2);
    expect(transport.delivered[1]!.attachments?.map((a) => a.filename)).toEqual(['a.pdf']);
    expect(await rows()).toEqual([]);
  });

  it('takes over at once the mails a dead process was delivering, and leaves a live one’s alone', async () => {
    const transport = flakyTransport(0);
    const { db, clock, outbox, process } = await setUp(transport);
    const dead = await silentIncarnation(db, 60_000);
    const live = await process();
    const leased = (id: string, to: string, holder: string) =>
      db
        .insertInto('mail_outbox')
        .values({
          id,
          to_address: to,
          subject: 'Completed',
          text_body: 'x',
          html_body: 'x',
          status: 'sending',
          attempts: 0,
          // a lease of five minutes, taken a moment ago
          next_attempt_at: new Date(clock.now().getTime() + 5 * 60 * 1000).toISOString(),
          last_error: null,
          created_at: clock.now().toISOString(),
          claimed_by: holder,
          idempotency_key: id,
        })
        .execute();
    await leased('m-dead', 'orphan@example.org', dead);
    await leased('m-live', 'busy@example.org', live.id);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(transport.delivered.map((m) => [m.to, m.idempotencyKey])).toEqual([
      ['orphan@example.org', 'm-dead'],
    ]);
  });

  it('never sends again a mail the transport accepted, when the process dies right after', async () => {
    const transport = flakyTransport(0);
    const { db, blobs, clock, liveness, process } = await setUp(transport);
    const crashing = createMailOutbox({
      db,
      blobs,
      transport,
      clock,
      log,
      mode: 'inline',
      liveness,
      failpoint: async (name) => {
        if (name === 'mail.accepted') throw new Error('killed');
      },
    });
    cleanup.push(async () => crashing.close());
    await expect(crashing.send(mail('once@example.org'))).rejects.toThrow('killed');
    await markDead(db, [liveness.id]);
    const next = createMailOutbox({
      db,
      blobs,
      transport,
      clock,
      log,
      mode: 'inline',
      liveness: await process(),
    });
    cleanup.push(async () => next.close());
    clock.advance(10 * 60 * 1000);
    expect(await next.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(transport.delivered.map((m) => m.to)).toEqual(['once@example.org']);
  });

  it('queues a mail once per idempotency key and hands the key to the transport', async () => {
    const transport = flakyTransport(100);
    const { outbox, rows } = await setUp(transport);
    const keyed = { ...mail('kim@example.org'), idempotencyKey: 'completion:r1:kim@example.org' };
    await outbox.queue([keyed, keyed]);
    await outbox.send(keyed);
    await outbox.send(mail('kim@example.org')); // no key: a mail of its own
    expect((await rows()).map((r) => r.idempotency_key).filter((k) => k?.startsWith('completion:'))).toEqual([
      'completion:r1:kim@example.org',
    ]);
    expect(await rows()).toHaveLength(2);
  });

  it('queues nothing for an address in the reserved .invalid domain (an API user’s)', async () => {
    const transport = flakyTransport();
    const { db, outbox, rows } = await setUp(transport);
    const pdf = new TextEncoder().encode('%PDF-1.7 for nobody');
    await outbox.queue([mail('api_0123abcd@api-users.invalid', pdf), mail('kim@example.org')]);
    await outbox.send(mail('API_0123ABCD@API-USERS.INVALID'));
    expect(transport.delivered.map((m) => m.to)).toEqual(['kim@example.org']);
    expect(await rows()).toEqual([]);
    expect(await db.selectFrom('mail_outbox_attachments').selectAll().execute()).toEqual([]);
  });
});
