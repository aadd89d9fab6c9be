// Content-addressed blob storage: a blob's name is the SHA-256 of its bytes, so writing the same
// document twice stores it once and a name can never point at other bytes. Blobs are written
// (atomically and durably: temp file flushed to disk, then renamed) before any row points at them.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export interface BlobStore {
  put(bytes: Uint8Array): Promise<string>;
  get(sha256: string): Promise<Buffer>;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
  /** Every stored blob with the time it was written, for the sweep of unreferenced blobs. */
  list(): AsyncIterable<{ sha256: string; writtenAt: Date }>;
}

const write = promisify(fs.write);
const read = promisify(fs.read);
const fsync = promisify(fs.fsync);

const isSha256 = (s: string): boolean => /^[0-9a-f]{64}$/.test(s);

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function createDirectoryBlobStore(root: string): BlobStore {
  const fileOf = (sha: string): string => {
    if (!isSha256(sha)) throw new Error(`not a blob name: ${sha}`);
    return path.join(root, sha.slice(0, 2), sha);
  };
  // answered by the page cache in microseconds: synchronous, as the other metadata calls below
  const exists = (sha: string): boolean => fs.existsSync(fileOf(sha));
  return {
    async put(bytes) {
      const sha = sha256Hex(bytes);
      const target = fileOf(sha);
      // Metadata calls that the page cache answers (exists, mkdir, open, close, rename) are made
      // synchronously: each costs microseconds, far less than a round trip through libuv's thread
      // pool, which a busy server pays in fractions of a millisecond. The calls that wait for the
      // disk (write and the two flushes) stay asynchronous.
      if (exists(sha)) return sha;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // The row that will point here is committed durably by the database, so the bytes must be
      // on disk first: flush the file, rename it into place, then flush the directory entry.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const fd = fs.openSync(temp, 'wx');
      try {
        for (let written = 0; written < bytes.length;)
          written += (await write(fd, bytes, written, bytes.length - written)).bytesWritten;
        await fsync(fd);
      } catch (err) {
        fs.closeSync(fd);
        fs.rmSync(temp, { force: true });
        throw err;
      }
      fs.closeSync(fd);
      fs.renameSync(temp, target);
      const dir = fs.openSync(path.dirname(target), 'r');
      try {
        await fsync(dir);
      } finally {
        fs.closeSync(dir);
      }
      return sha;
    },
    async get(sha) {
      // one read of the whole file: a blob's size is known before reading
      const fd = fs.openSync(fileOf(sha), 'r');
      try {
        const bytes = Buffer.allocUnsafe(fs.fstatSync(fd).size);
        for (let done = 0; done < bytes.length;) {
          const { bytesRead } = await read(fd, bytes, done, bytes.length - done, done);
          if (bytesRead === 0) throw new Error(`blob ${sha} is shorter than its size`);
          done += bytesRead;
        }
        return bytes;
      } finally {
        fs.closeSync(fd);
      }
    },
    // a name that is no blob name is not held, rather than an error
    has: async (sha) => isSha256(sha) && exists(sha),
    async delete(sha) {
      await fsp.rm(fileOf(sha), { force: true });
    },
    async *list() {
      let shards: string[];
      try {
        shards = await fsp.readdir(root);
      } catch {
        return;
      }
      for (const shard of shards) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const name of await fsp.readdir(path.join(root, shard))) {
          if (!isSha256(name)) continue;
          const stat = await fsp.stat(path.join(root, shard, name));
          yield { sha256: name, writtenAt: stat.mtime };
        }
      }
    },
  };
}
