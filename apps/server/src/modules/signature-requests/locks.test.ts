// A live holder keeps its lock however long its work takes; a second writer waits for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
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
