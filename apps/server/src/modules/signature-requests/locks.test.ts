// A live holder keeps its lock however long its work takes; a second writer waits for it. A dead
// holder's lock is taken over once its time has run out, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { withDocumentLocks } from './locks.js';

describe('document locks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renews the lock of a slow holder, so work never overlaps', async () => {
    const ttlMs = 300;
    const timeline: string[] = [];
    const slow = withDocumentLocks(t.db.kysely, ['doc-1'], ttlMs, async () => {
      timeline.push('slow:start');
      await new Promise((resolve) => setTimeout(resolve, ttlMs * 4));
      timeline.push('slow:end');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fast = withDocumentLocks(t.db.kysely, ['doc-1'], ttlMs, async () => {
      timeline.push('fast');
    });
    await Promise.all([slow, fast]);
    expect(timeline).toEqual(['slow:start', 'slow:end', 'fast']);
    const left = await t.db.kysely.selectFrom('document_locks').selectAll().execute();
    expect(left).toEqual([]);
  });
});

describe.each(testDatabases())('a dead holder’s lock on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const deadHolder = (documentId: string, expiresInMs: number) =>
    t.db.kysely
      .insertInto('document_locks')
      .values({
        document_id: documentId,
        holder: 'a-process-that-died',
        expires_at: new Date(Date.now() + expiresInMs).toISOString(),
      })
      .execute();

  it('is taken over at once when it has run out', async () => {
    await deadHolder('doc-expired', -1_000);
    const started = Date.now();
    expect(await withDocumentLocks(t.db.kysely, ['doc-expired'], 60_000, async () => 'done')).toBe('done');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await t.db.kysely.selectFrom('document_locks').selectAll().execute()).toEqual([]);
  });

  it('can be released by the transaction that commits the work, and stays held if it rolls back', async () => {
    const lockRows = () =>
      t.db.kysely.selectFrom('document_locks').selectAll().where('document_id', '=', 'doc-commit').execute();
    const result = await withDocumentLocks(t.db.kysely, ['doc-commit'], 60_000, async (locks) => {
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
      return withDocumentLocks(t.db.kysely, ['doc-commit'], 60_000, async () => 'next writer');
    });
    expect(result).toBe('next writer');
    expect(await lockRows()).toHaveLength(0);
  });

  it('is waited for while it lasts', async () => {
    await deadHolder('doc-live', 400);
    const started = Date.now();
    await withDocumentLocks(t.db.kysely, ['doc-live'], 60_000, async () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });
});
