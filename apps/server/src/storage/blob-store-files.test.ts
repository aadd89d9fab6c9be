// What only the directory store's files show: an upload stored as a hard link to the file it was
// received into, the temporary files a killed writer leaves, and the whole file a reader on
// another thread is handed. The behaviour both stores share is tested in blob-store.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDirectoryBlobStore, type BlobStore } from './blob-store.js';

describe('directory blob store files', () => {
  let root: string;
  let store: BlobStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-blobs-'));
    store = createDirectoryBlobStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  const fileOf = (name: string) => path.join(root, name.slice(0, 2), name);
  async function* chunks(bytes: Uint8Array, size = 1000) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }

  it('stores a received upload as a link to the received file, not a copy', async () => {
    const bytes = randomBytes(250_001);
    const received = await store.receive(chunks(bytes));
    await store.putReceived(received);
    expect(fs.statSync(fileOf(received.sha256)).ino).toBe(fs.statSync(received.path).ino);
    await store.release(received);
    // bytes already stored are found under their name: nothing is linked twice
    const again = await store.receive(chunks(bytes, 4096));
    await store.putReceived(again);
    expect(fs.statSync(fileOf(received.sha256)).nlink).toBe(1);
    await store.release(again);
  });

  it('tidies the stale temporary files of a write that died, not those of one under way', async () => {
    const name = await store.put(randomBytes(100));
    const staleTemp = `${fileOf(name)}.abcdefabcdef.tmp`;
    const freshTemp = `${fileOf(name)}.tail.abcdefabcdef.tmp`;
    for (const file of [staleTemp, freshTemp]) fs.writeFileSync(file, 'partial');
    const longAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(staleTemp, longAgo, longAgo);
    expect(await store.tidy(new Date(Date.now() - 60_000))).toBe(1);
    expect([fs.existsSync(staleTemp), fs.existsSync(freshTemp)]).toEqual([false, true]);
  });

  it('hands a reader on another thread the file of a blob stored whole, and nothing else', async () => {
    const base = randomBytes(10_000);
    const baseName = await store.put(base);
    const signed = Buffer.concat([base, randomBytes(100)]);
    const name = await store.put(signed, { sha256: baseName, bytes: base });
    expect(fs.readFileSync(store.wholeFile(baseName)!).equals(base)).toBe(true);
    const absent = createHash('sha256').update('absent').digest('hex');
    expect([store.wholeFile(name), store.wholeFile(absent), store.wholeFile('../x')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
