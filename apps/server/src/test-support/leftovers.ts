// What a killed server process may leave behind in its data folder, read from outside the
// process: blobs no row names and no kept revision extends (an upload or a revision whose rows
// never came), and temporary or set-aside files of the blob store and the page-image cache.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findUnneededBlobs } from '../jobs/sweep-blobs.js';
import { createDirectoryBlobStore } from '../storage/blob-store.js';

export interface Leftovers {
  /** blobs that nothing needs, whatever their age */
  orphans: string[];
  /** temporary (`.tmp`) and set-aside (`.removing`) files, relative to the data folder */
  partial: string[];
}

function partialFiles(dataDir: string, folder: string): string[] {
  const root = path.join(dataDir, folder);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tmp') || file.endsWith('.removing'))
    .map((file) => path.join(folder, file));
}

export async function findLeftovers(db: Kysely<Database>, dataDir: string): Promise<Leftovers> {
  const blobs = createDirectoryBlobStore(path.join(dataDir, 'blobs'));
  const { unneeded } = await findUnneededBlobs(db, blobs, new Date(), 0);
  return {
    orphans: unneeded,
    partial: [...partialFiles(dataDir, 'blobs'), ...partialFiles(dataDir, 'cache')],
  };
}

/** Requests that have no document: what a request created with its files must never leave. */
export async function requestsWithoutDocuments(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('signature_requests as r')
    .select('r.title')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('documents as d').select('d.id').whereRef('d.request_id', '=', 'r.id'))),
    )
    .execute();
  return rows.map((r) => r.title);
}
