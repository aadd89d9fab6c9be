// Content-addressed blob storage: a blob's name is the SHA-256 of its bytes, so writing the same
// document twice stores it once and a name can never point at other bytes. Blobs are written
// (atomically and durably: temp file flushed to disk, then renamed) before any row points at them.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  put(bytes: Uint8Array): Promise<string>;
  get(sha256: string): Promise<Buffer>;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
  /** Every stored blob with the time it was written, for the sweep of unreferenced blobs. */
  list(): AsyncIterable<{ sha256: string; writtenAt: Date }>;
}

const isSha256 = (s: string): boolean => /^[0-9a-f]{64}$/.test(s);

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function createDirectoryBlobStore(root: string): BlobStore {
  const fileOf = (sha: string): string => {
    if (!isSha256(sha)) throw new Error(`not a blob name: ${sha}`);
    return path.join(root, sha.slice(0, 2), sha);
  };
  return {
    async put(bytes) {
      const sha = sha256Hex(bytes);
      const target = fileOf(sha);
      try {
        await fs.access(target);
        return sha;
      } catch {
        // not there yet
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      // The row that will point here is committed durably by the database, so the bytes must be
      // on disk first: flush the file, rename it into place, then flush the directory entry.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const file = await fs.open(temp, 'wx');
      try {
        await file.writeFile(bytes);
        await file.sync();
      } catch (err) {
        await file.close();
        await fs.rm(temp, { force: true });
        throw err;
      }
      await file.close();
      await fs.rename(temp, target);
      const dir = await fs.open(path.dirname(target), 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
      return sha;
    },
    get: (sha) => fs.readFile(fileOf(sha)),
    async has(sha) {
      try {
        await fs.access(fileOf(sha));
        return true;
      } catch {
        return false;
      }
    },
    async delete(sha) {
      await fs.rm(fileOf(sha), { force: true });
    },
    async *list() {
      let shards: string[];
      try {
        shards = await fs.readdir(root);
      } catch {
        return;
      }
      for (const shard of shards) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const name of await fs.readdir(path.join(root, shard))) {
          if (!isSha256(name)) continue;
          const stat = await fs.stat(path.join(root, shard, name));
          yield { sha256: name, writtenAt: stat.mtime };
        }
      }
    },
  };
}
