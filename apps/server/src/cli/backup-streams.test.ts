// Backup and restore hold no blob whole (ADR 081): a blob larger than any chunk passes through
// the blob store's streaming read and write, in the directory store and in an S3 bucket (a local
// s3rver), never through `get` or `put`, in chunks of at most a megabyte, and the process's memory
// grows by less than the blob's size while it is copied out and back.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../storage/blob-store.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import { loadConfig } from '../config.js';
import { backupInstallation, restoreInstallation } from './backup.js';

const BLOB_SIZE = 128 * 1024 * 1024;
const MEBIBYTE = 1024 * 1024;

/** `size` bytes that differ chunk by chunk, made as they are read: the test holds none of them. */
async function* generated(size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < size; at += MEBIBYTE) {
    const chunk = Buffer.alloc(Math.min(MEBIBYTE, size - at), at / MEBIBYTE + 1);
    chunk.writeUInt32BE(at, 0);
    yield chunk;
  }
}

async function nameOf(size: number): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of generated(size)) hash.update(chunk);
  return hash.digest('hex');
}

interface Watched {
  store: BlobStore;
  calls: string[];
  largestChunk: number;
  streamedBytes: number;
}

/** The store, with a note of the calls that move bytes and of the chunks that pass through them. */
function watched(store: BlobStore): Watched {
  const watch: Watched = { store, calls: [], largestChunk: 0, streamedBytes: 0 };
  async function* counted(source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      watch.largestChunk = Math.max(watch.largestChunk, chunk.length);
      watch.streamedBytes += chunk.length;
      yield chunk;
    }
  }
  watch.store = {
    ...store,
    get: (sha) => (watch.calls.push('get'), store.get(sha)),
    put: (bytes, base) => (watch.calls.push('put'), store.put(bytes, base)),
    stream: (sha) => (watch.calls.push('stream'), counted(store.stream(sha))),
    write: (sha, source, base) => (watch.calls.push('write'), store.write(sha, counted(source), base)),
  };
  return watch;
}

/** Runs `work` while sampling the memory it takes beyond what was in use before; the peak. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const used = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const before = used();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, used()) - before;
}

let s3: TestS3Server | undefined;
const folders: string[] = [];
afterAll(async () => {
  await s3?.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
const folder = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `countersign-${name}-`));
  folders.push(dir);
  return dir;
};

describe.each(['directory', 's3'] as const)('backup and restore of a large blob in %s', (kind) => {
  const installation = async () => {
    let env: Record<string, string> = {};
    if (kind === 's3') {
      s3 ??= await startS3Server();
      env = s3.env(await s3.createBucket());
    }
    return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: folder('data'), ...env });
  };

  it('streams it out and back in chunks, never holding it whole', { timeout: 240_000 }, async () => {
    const source = await installation();
    const sha = await nameOf(BLOB_SIZE);
    await createBlobStore(source).write(sha, generated(BLOB_SIZE));

    const backupDir = path.join(folder('backup'), 'backup');
    const out = watched(createBlobStore(source));
    const backupGrowth = await peakGrowth(() => backupInstallation(source, backupDir, { blobs: out.store }));
    expect(out.calls).toEqual(['stream']);
    expect(out.streamedBytes).toBe(BLOB_SIZE);
    expect(out.largestChunk).toBeLessThanOrEqual(MEBIBYTE);
    expect(fs.statSync(path.join(backupDir, 'blobs', sha.slice(0, 2), sha)).size).toBe(BLOB_SIZE);

    const target = await installation();
    const back = watched(createBlobStore(target));
    const restoreGrowth = await peakGrowth(() =>
      restoreInstallation(target, backupDir, { blobs: back.store }),
    );
    expect(back.calls).toEqual(['write']);
    expect(back.streamedBytes).toBe(BLOB_SIZE);
    expect(back.largestChunk).toBeLessThanOrEqual(MEBIBYTE);
    expect(await createBlobStore(target).has(sha)).toBe(true);

    // generous: chunks not yet collected count too; a blob held whole would take all of it
    console.info(
      `${kind}: memory grew by at most ${backupGrowth} bytes in backup, ${restoreGrowth} in restore`,
    );
    expect(backupGrowth).toBeLessThan(BLOB_SIZE);
    expect(restoreGrowth).toBeLessThan(BLOB_SIZE);
  });
});
