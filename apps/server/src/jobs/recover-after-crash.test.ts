// Start-up recovery of blob files (ADR 046), on both databases: what a dead process left (an
// upload or revision it never committed, a temporary file, a blob it set aside) is dealt with at
// once, however young; what it wrote and committed stays, and so does everything a live process
// is writing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, signUp } from '../test-support/accounts.js';
import { liveIncarnation, silentIncarnation } from '../test-support/incarnations.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import { createDirectoryBlobStore } from '../storage/blob-store.js';
import type { Incarnation } from '../liveness/incarnation.js';

describe.each(testDatabases())('blob recovery on %s', (kind) => {
  let t: TestApp;
  let live: Incarnation;
  let token = '';
  const root = () => path.join(t.config.dataDir, 'blobs');
  beforeAll(async () => {
    t = await createTestApp(kind);
    live = await liveIncarnation(t.db.kysely);
    token = await signUp(t.app, 'recover@example.org');
  });
  afterAll(async () => {
    await live?.stop();
    await t?.close();
  });
  const files = () =>
    fs.readdirSync(root()).flatMap((d) => (d.length === 2 ? fs.readdirSync(path.join(root(), d)) : []));

  it('removes at once what a dead process wrote and never committed, and keeps the rest', async () => {
    const dead = await silentIncarnation(t.db.kysely, 60_000);
    const deadStore = createDirectoryBlobStore(root(), { writer: dead });
    const liveStore = createDirectoryBlobStore(root(), { writer: live.id });
    const uncommitted = await deadStore.put(Buffer.from('an upload whose rows never came'));
    const committedPdf = await generatedPdf(1, 'Committed by the dead');
    const committed = await deadStore.put(committedPdf);
    const created = await createRequestWithFiles(t.app, token, { title: 'Kept' }, [
      { name: 'kept.pdf', bytes: committedPdf },
    ]);
    expect(created.json().documents[0].sha256).toBe(committed);
    const inFlight = await liveStore.put(Buffer.from('a live process is about to commit this'));
    // half-written files: the dead process's and a live one's
    const shard = path.join(root(), uncommitted.slice(0, 2));
    fs.writeFileSync(path.join(shard, `${uncommitted}.${dead}.0123456789ab.tmp`), 'half');
    fs.writeFileSync(path.join(shard, `${inFlight}.${live.id}.0123456789ab.tmp`), 'half');

    const result = await t.app.jobs.recoverBlobs();
    expect(result).toMatchObject({ writers: 1, files: 1, removed: 1 });
    expect(await deadStore.has(uncommitted)).toBe(false);
    expect(await deadStore.has(committed)).toBe(true);
    expect(await liveStore.has(inFlight)).toBe(true);
    expect(files().filter((f) => f.endsWith('.tmp'))).toEqual([`${inFlight}.${live.id}.0123456789ab.tmp`]);
    // its journal is gone with it: a second run finds nothing of it
    expect((await t.app.jobs.recoverBlobs()).writers).toBe(0);
  });

  it('puts back a blob a dead process had set aside, when a row names it', async () => {
    const pdf = await generatedPdf(1, 'Set aside');
    const created = await createRequestWithFiles(t.app, token, { title: 'Aside' }, [
      { name: 'a.pdf', bytes: pdf },
    ]);
    const sha = created.json().documents[0].sha256 as string;
    const dead = await silentIncarnation(t.db.kysely, 60_000);
    const file = path.join(root(), sha.slice(0, 2), sha);
    // killed between setting it aside and asking whether a row still names it
    fs.renameSync(file, `${file}.${Date.now()}-0123456789ab-${dead}.removing`);
    await t.app.jobs.recoverBlobs();
    expect(fs.existsSync(file)).toBe(true);
  });

  it("deletes the page images a dead process was writing, and keeps a live one's and the cached ones", async () => {
    const dead = await silentIncarnation(t.db.kysely, 60_000);
    const shard = path.join(t.config.dataDir, 'cache', 'pages', 'ab');
    fs.mkdirSync(shard, { recursive: true });
    const key = `ab${'0'.repeat(62)}-1-100.webp`;
    const cached = path.join(shard, key);
    const deadTemp = `${cached}.${dead}.0123456789abcdef.tmp`;
    const liveTemp = `${cached}.${live.id}.fedcba9876543210.tmp`;
    for (const file of [cached, deadTemp, liveTemp]) fs.writeFileSync(file, 'image');

    const result = await t.app.jobs.recoverBlobs();
    expect(result.files).toBe(1);
    expect(fs.readdirSync(shard).sort()).toEqual([key, path.basename(liveTemp)].sort());
  });
});
