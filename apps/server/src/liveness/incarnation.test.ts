// A process recognises its own earlier incarnations at start (same machine and data directory,
// process gone) and takes back what they held: their document locks, completion-mail claims and
// outbox leases are free at once. A live process on the same node, and any process on another
// node, keep theirs until their heartbeat says otherwise (ADR 046). On both databases.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { takeBack } from '../jobs/recover-after-crash.js';
import { openTestDatabase, testDatabases } from '../test-support/test-app.js';
import { startIncarnation, type Incarnation } from './incarnation.js';
import { aliveAmong } from './repo.js';

const quiet = { warn: () => undefined };
/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe.each(testDatabases())('process incarnations on %s', (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  async function open(): Promise<Db> {
    const opened = await openTestDatabase(kind);
    cleanup.push(opened.cleanup);
    return opened.db;
  }

  const register = (db: Db, id: string, node: string, pid: number, startedAgoMs = 1_000) => {
    const at = new Date(Date.now() - startedAgoMs).toISOString();
    // each beat a moment ago: only the process's absence can tell it is dead
    return db.kysely
      .insertInto('process_incarnations')
      .values({ id, node, pid, started_at: at, heartbeat_at: new Date().toISOString() })
      .execute();
  };

  async function start(db: Db, node: string): Promise<{ incarnation: Incarnation; previous: string[] }> {
    const started = await startIncarnation(db.kysely, { node, log: quiet });
    cleanup.push(() => started.incarnation.stop());
    return started;
  }

  it('declares dead the earlier incarnations on its node whose process is gone, and only those', async () => {
    const db = await open();
    await register(db, 'killed', 'node-a', deadPid());
    await register(db, 'same-pid-before-start', 'node-a', process.pid, 3_600_000 * 24 * 365);
    await register(db, 'live-sibling', 'node-a', process.ppid);
    await register(db, 'other-node', 'node-b', deadPid());
    const { incarnation, previous } = await start(db, 'node-a');
    expect(previous.sort()).toEqual(['killed', 'same-pid-before-start']);
    const beats = await db.kysely
      .selectFrom('process_incarnations')
      .select(['id', 'heartbeat_at'])
      .where('heartbeat_at', '>', incarnation.aliveAfter())
      .execute();
    expect(beats.map((b) => b.id).sort()).toEqual(['live-sibling', 'other-node', incarnation.id].sort());
  });

  it('takes back the locks, claims and leases of the dead incarnations only', async () => {
    const db = await open();
    await register(db, 'killed', 'node-a', deadPid());
    await register(db, 'alive', 'node-a', process.ppid);
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 600_000).toISOString();
    for (const holder of ['killed', 'alive']) {
      await db.kysely
        .insertInto('document_locks')
        .values({ document_id: `doc-${holder}`, holder: 'h', process_id: holder, expires_at: later })
        .execute();
      await db.kysely
        .insertInto('mail_outbox')
        .values({
          id: `mail-${holder}`,
          to_address: 'a@example.org',
          subject: 's',
          text_body: 't',
          html_body: 'h',
          status: 'sending',
          attempts: 0,
          next_attempt_at: later,
          last_error: null,
          created_at: now,
          claimed_by: holder,
          idempotency_key: `mail-${holder}`,
        })
        .execute();
    }
    await db.kysely
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'o@example.org',
        password_hash: 'x',
        email_verified: 1,
        first_name: '',
        last_name: '',
        attributes: '{}',
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })
      .execute();
    for (const holder of ['killed', 'alive'])
      await db.kysely
        .insertInto('signature_requests')
        .values({
          id: `req-${holder}`,
          owner_id: 'u1',
          title: 't',
          message: '',
          status: 'completed',
          quality: 'ses',
          legislation: 'eidas',
          created_at: now,
          updated_at: now,
          initiated_at: now,
          completed_at: now,
          ended_at: now,
          end_message: null,
          expires_at: null,
          expiry_reminder_at: null,
          events_head_hash: null,
          completion_mail_due: 1,
          completion_mail_claimed_at: now,
          completion_mail_claimed_by: holder,
        })
        .execute();

    const { previous } = await start(db, 'node-a');
    expect(await takeBack(db.kysely, previous, new Date())).toEqual({
      locks: 1,
      completionMails: 1,
      mails: 1,
    });
    const locks = await db.kysely.selectFrom('document_locks').select('process_id').execute();
    expect(locks).toEqual([{ process_id: 'alive' }]);
    const mails = await db.kysely
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'claimed_by'])
      .orderBy('id')
      .execute();
    expect(mails).toEqual([
      { id: 'mail-alive', status: 'sending', claimed_by: 'alive' },
      { id: 'mail-killed', status: 'pending', claimed_by: null },
    ]);
    const claims = await db.kysely
      .selectFrom('signature_requests')
      .select(['id', 'completion_mail_claimed_by'])
      .orderBy('id')
      .execute();
    expect(claims).toEqual([
      { id: 'req-alive', completion_mail_claimed_by: 'alive' },
      { id: 'req-killed', completion_mail_claimed_by: null },
    ]);
  });

  it('leaves nothing registered once it stops', async () => {
    const db = await open();
    const { incarnation } = await startIncarnation(db.kysely, { node: 'node-a', log: quiet });
    await incarnation.threadHolder();
    await incarnation.stop();
    expect(await db.kysely.selectFrom('process_incarnations').selectAll().execute()).toEqual([]);
  });

  it("keeps a thread's holder alive with the process's heartbeat until the thread ends", async () => {
    const db = await open();
    const { incarnation } = await startIncarnation(db.kysely, {
      node: 'node-a',
      heartbeatMs: 50,
      log: quiet,
    });
    const holder = await incarnation.threadHolder();
    const alive = () => aliveAmong(db.kysely, [holder.id], incarnation.aliveAfter());
    // well past five beats, it still beats with the process
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await alive()).toEqual(new Set([holder.id]));
    await holder.end();
    expect(await alive()).toEqual(new Set());
    // and stays dead: the process's heartbeat does not bring it back
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await alive()).toEqual(new Set());
    expect(await aliveAmong(db.kysely, [incarnation.id], incarnation.aliveAfter())).toEqual(
      new Set([incarnation.id]),
    );
    await incarnation.stop();
  });
});
