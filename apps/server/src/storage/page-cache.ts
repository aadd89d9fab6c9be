// The page-image cache on disk: one file per (revision, page, scale, format) under
// `<cache>/pages/<first two characters>/`, written through a temporary file that carries the
// writing process incarnation (ADR 046), so that start-up recovery removes what a killed writer
// left half-written, and leaves alone what a live one is writing.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** `<image>.<writer>.<hex>.tmp`; before writers were named, `<image>.<hex>.tmp` */
const TEMP_FILE = /\.(?:([0-9a-f-]{36})\.)?[0-9a-f]{16}\.tmp$/;
/** A temporary file of no named writer is surely abandoned after this long. */
const UNNAMED_GRACE_MS = 60 * 60 * 1000;

const pagesDir = (cacheDir: string) => path.join(cacheDir, 'pages');

export function pageImageFile(cacheDir: string, key: string): string {
  return path.join(pagesDir(cacheDir), key.slice(0, 2), key);
}

/**
 * Stores an image under `file`. Two requests may render the same page at once: each writes its
 * own temporary file, and the rename makes whichever finishes last the cached one (same bytes).
 */
export async function storePageImage(file: string, bytes: Uint8Array, writer: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${writer}.${randomBytes(8).toString('hex')}.tmp`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, file);
}

/** The temporary files in the cache, by the incarnation writing them ('' for an unnamed one). */
export async function temporaryPageImages(cacheDir: string): Promise<Map<string, string[]>> {
  const byWriter = new Map<string, string[]>();
  const shards = await fs.readdir(pagesDir(cacheDir)).catch(() => [] as string[]);
  for (const shard of shards) {
    const dir = path.join(pagesDir(cacheDir), shard);
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      const match = TEMP_FILE.exec(name);
      if (!match) continue;
      const writer = match[1] ?? '';
      byWriter.set(writer, [...(byWriter.get(writer) ?? []), path.join(dir, name)]);
    }
  }
  return byWriter;
}

/**
 * Deletes the temporary files of the dead writers, and unnamed ones older than an hour; returns
 * how many went.
 */
export async function tidyPageImages(
  temporary: Map<string, string[]>,
  deadWriters: Set<string>,
  now: Date,
): Promise<number> {
  let removed = 0;
  for (const [writer, files] of temporary) {
    for (const file of files) {
      if (writer === '') {
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat || now.getTime() - stat.mtimeMs < UNNAMED_GRACE_MS) continue;
      } else if (!deadWriters.has(writer)) continue;
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
