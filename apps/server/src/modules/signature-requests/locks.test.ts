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

  it('is waited for while it lasts', async () => {
    await deadHolder('doc-live', 400);
    const started = Date.now();
    await withDocumentLocks(t.db.kysely, ['doc-live'], 60_000, async () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });
});
