// What only the S3 store shows (ADR 071): every read is checked against the blob's name, large
// uploads go in parts, and a received file is checked against its name on its way to the bucket.
// The behaviour both stores share is tested in blob-store.test.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from './blob-names.js';
import { blobStoresOf, type StoreUnderTest } from '../test-support/blob-stores.js';

describe('S3 blob store', () => {
  const stores = blobStoresOf('s3');
  let under: StoreUnderTest;
  beforeEach(async () => {
    under = await stores.setUp();
  });
  afterEach(() => under.close());
  afterAll(() => stores.stop());
  async function* chunks(bytes: Uint8Array, size = 64 * 1024) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }

  it('refuses bytes in the bucket that do not hash to their name', async () => {
    const bytes = randomBytes(5000);
    const name = await under.store.put(bytes);
    const damaged = Buffer.from(bytes);
    damaged[1234] = damaged[1234]! ^ 1;
    await under.writeObject(name, damaged);
    await expect(under.store.get(name)).rejects.toThrow(
      `blob ${name} read from the bucket does not hash to its name`,
    );
  });

  it('stores an upload larger than one part as a multipart upload and reads it back', async () => {
    const bytes = randomBytes(17 * 1024 * 1024 + 5);
    const received = await under.store.receive(chunks(bytes));
    expect(await under.store.putReceived(received)).toBe(sha256Hex(bytes));
    await under.store.release(received);
    expect((await under.store.get(received.sha256)).equals(bytes)).toBe(true);
    expect(await under.storedBytes()).toBe(bytes.length);
  });

  it('stores nothing from a received file that changed on disk after it was named', async () => {
    const bytes = randomBytes(20_000);
    const received = await under.store.receive(chunks(bytes));
    fs.writeFileSync(received.path, randomBytes(20_000));
    await expect(under.store.putReceived(received)).rejects.toThrow('changed on disk before it was stored');
    await under.store.release(received);
    expect(await under.objects()).toEqual([]);
  });
});
