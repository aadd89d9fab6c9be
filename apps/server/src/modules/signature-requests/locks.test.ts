// A live holder keeps its lock however long its work takes; a second writer waits for it a few
// seconds at most, then is refused with a time to retry. A dead holder's lock is taken over as
// soon as its process's heartbeat is stale (ADR 046), or once its time has run out, on both
// databases. Waits are measured on a clock the test moves (each wait of the lock moves it on), so
// the bounds hold however loaded the machine is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livenessOf, type Incarnation } from '../../liveness/incarnation.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { liveIncarnation, silentIncarnation } from '../../test-support/incarnations.js';
import { LOCKED_RETRY_AFTER_S, withDocumentLocks } from './locks.js';

describe('document locks', () => {
  let t: TestApp;
  let me: Incarnation;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    me = await liveIncarnation(t.db.kysely);
  });
  afterAll(async () => {
    await me?.stop();
    await t?.close();
  });

  it('renews the lock of a slow holder, so work never overlaps', async () => {
    const ttlMs = 300;
    const timeline: string[] = [];
    const slow = withDocumentLocks(t.db.kysely, me, ['doc-1'], { ttlMs }, async () => {
      timeline.push('slow:start');
      await new Promise((resolve) => setTimeout(resolve, ttlMs * 4));
      timeline.push('slow:end');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fast = withDocumentLocks(t.db.kysely, me, ['doc-1'], { ttlMs }, async () => {
      timeline.push('fast');
    });
    await Promise.all([slow, fast]);
    expect(timeline).toEqual(['slow:start', 'slow:end', 'fast']);
    const left = await t.db.kysely.selectFrom('document_locks').selectAll().execute();
    expect(left).toEqual([]);
  });
});

describe.each(testDatabases())('a held lock on %s', (kind) => {
  let t: TestApp;
  let me: Incarnation;
  let other: Incarnation;
  beforeAll(async () => {
    t = await createTestApp(kind);
    me = await liveIncarnation(t.db.kysely);
    other = await liveIncarnation(t.db.kysely);
  });
  afterAll(async () => {
    await me?.stop();
    await other?.stop();
    await t?.close();
  });

  const heldBy = (processId: string, documentId: string, expiresInMs: number) =>
    t.db.kysely
      .insertInto('document_locks')
      .values({
        document_id: documentId,
        holder: 'someone-else',
        process_id: processId,
        expires_at: new Date(Date.now() + expiresInMs).toISOString(),
      })
      .execute();

  /** How long `work` took on a clock of its own that starts now and moves with the lock's waits. */
  const timed = async (work: (clock: Clock) => Promise<unknown>) => {
    const clock = createTestClock(new Date());
    const started = clock.now().getTime();
    await work(clock);
    return clock.now().getTime() - started;
  };

  it('is taken over at once when its time has run out', async () => {
    await heldBy(other.id, 'doc-expired', -1_000);
    const took = await timed(async (clock) =>
      expect(
        await withDocumentLocks(
          t.db.kysely,
          me,
          ['doc-expired'],
          { ttlMs: 60_000, clock },
          async () => 'done',
        ),
      ).toBe('done'),
    );
    expect(took).toBe(0);
    expect(await t.db.kysely.selectFrom('document_locks').selectAll().execute()).toEqual([]);
  });

  it('is taken over at once when its process is dead, long before its time runs out', async () => {
    const dead = await silentIncarnation(t.db.kysely, 60_000);
    await heldBy(dead, 'doc-dead', 60_000);
    const took = await timed((clock) =>
      withDocumentLocks(t.db.kysely, me, ['doc-dead'], { ttlMs: 60_000, clock }, async () => undefined),
    );
    expect(took).toBe(0);
  });

  it('is taken over once its process has missed its heartbeats', async () => {
    // the process was alive a moment ago; with beats of 100 ms it counts as dead after 500 ms
    const killed = await silentIncarnation(t.db.kysely);
    await heldBy(killed, 'doc-killed', 60_000);
    const took = await timed((clock) =>
      withDocumentLocks(
        t.db.kysely,
        livenessOf(me.id, 500, clock),
        ['doc-killed'],
        { ttlMs: 60_000, clock },
        async () => undefined,
      ),
    );
    // its last beat was a moment of real time before the clock started
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(1_000);
  });

  it('is waited for while its live holder holds it', async () => {
    await heldBy(other.id, 'doc-live', 400);
    const took = await timed((clock) =>
      withDocumentLocks(t.db.kysely, me, ['doc-live'], { ttlMs: 60_000, clock }, async () => undefined),
    );
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(1_000);
  });

  it('refuses a writer that waited its limit, saying when to try again', async () => {
    await heldBy(other.id, 'doc-busy', 60_000);
    let refusal: unknown;
    const took = await timed((clock) =>
      withDocumentLocks(t.db.kysely, me, ['doc-busy'], { ttlMs: 60_000, waitMs: 300, clock }, async () => {
        throw new Error('never runs');
      }).catch((err: unknown) => (refusal = err)),
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'signature_request.locked',
      details: { retryAfterSeconds: LOCKED_RETRY_AFTER_S },
    });
    // the limit, and at most one more back-off step (250 ms and up to as much again)
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(800);
  });

  it('can be released by the transaction that commits the work, and stays held if it rolls back', async () => {
    const lockRows = () =>
      t.db.kysely.selectFrom('document_locks').selectAll().where('document_id', '=', 'doc-commit').execute();
    const options = { ttlMs: 60_000 };
    const result = await withDocumentLocks(t.db.kysely, me, ['doc-commit'], options, async (locks) => {
      await expect(
        t.db.kysely.transaction().execute(async (trx) => {
          await locks.releaseWithin(trx);
          throw new Error('the commit is refused');
        }),
      ).rejects.toThrow('the commit is refused');
      expect(await lockRows()).toHaveLength(1);
      await t.db.kysely.transaction().execute((trx) => locks.releaseWithin(trx));
      locks.released();
      expect(await lockRows()).toHaveLength(0);
      // the next writer need not wait for this work to end
      return withDocumentLocks(t.db.kysely, me, ['doc-commit'], options, async () => 'next writer');
    });
    expect(result).toBe('next writer');
    expect(await lockRows()).toHaveLength(0);
  });
});
