import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDirectoryBlobStore, type BlobStore } from './blob-store.js';

describe('directory blob store', () => {
  let root: string;
  let store: BlobStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-blobs-'));
    store = createDirectoryBlobStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const filesUnder = (dir: string): string[] =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);

  it('names a blob by the SHA-256 of its bytes and gives the same bytes back', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17); // larger than one read or write chunk of node's own helpers
    const name = await store.put(bytes);
    expect(name).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(Buffer.compare(await store.get(name), bytes)).toBe(0);
    expect(await store.has(name)).toBe(true);
    expect(filesUnder(root)).toEqual([name]); // no temporary file left beside it
  });

  it('stores the same bytes once', async () => {
    const bytes = randomBytes(1000);
    const [first, second] = await Promise.all([store.put(bytes), store.put(bytes)]);
    expect(second).toBe(first);
    expect(await store.put(Buffer.from(bytes))).toBe(first);
    expect(filesUnder(root)).toEqual([first]);
  });

  it('stores an empty blob', async () => {
    const name = await store.put(new Uint8Array(0));
    expect((await store.get(name)).length).toBe(0);
  });

  it('refuses to read a blob it does not have, and deletes what it has', async () => {
    const absent = createHash('sha256').update('absent').digest('hex');
    await expect(store.get(absent)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.get('../../etc/passwd')).rejects.toThrow('not a blob name');
    const name = await store.put(randomBytes(10));
    await store.delete(name);
    expect(await store.has(name)).toBe(false);
    await expect(store.get(name)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists what it stores with the time each was written', async () => {
    const names = [await store.put(randomBytes(5)), await store.put(randomBytes(6))];
    const listed = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed.map((entry) => entry.sha256).sort()).toEqual([...names].sort());
    for (const entry of listed) expect(Date.now() - entry.writtenAt.getTime()).toBeLessThan(60_000);
  });
});
