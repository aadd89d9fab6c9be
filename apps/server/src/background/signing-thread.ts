// A signing thread (ADR 029): makes signatures with keys of our own (sign-and-store.ts), so that
// the PAdES engine's work runs beside the serving thread instead of on it. It has its own
// database connection (the trust store, and whether a blob is still referenced), blob store and
// trust services, built from the same configuration as the serving thread's; the revisions it
// stores are committed by the serving thread. piscina calls the default export (ADR 099).
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { configurePdfLimits } from '@countersign/pdf';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { deleteNewRevisionIfUnused } from '../modules/signature-requests/blob-removal.js';
import { signAndStore } from '../modules/signature-requests/sign-and-store.js';
import { createTrustProvider } from '../modules/trust/open-trust.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import type { TaskBody } from './messages.js';
import { poolTaskHandler } from './pool-thread.js';

const { config, writer } = workerData as { config: Config; writer?: string };
// documents are read under the limits the serving thread was configured with (ADR 043)
configurePdfLimits(config.pdfLimits);
const log = pino({ level: config.logLevel, base: { thread: 'signing' } });
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'countersign.db'),
  // the trust store and blob references only: one connection for each of the two jobs at a time
  poolSize: 2,
});
// its blobs carry the process's incarnation: start-up recovery knows whose they are (ADR 046)
const blobs = createBlobStore(config, { ...(writer && { writer }) });
const trust = createTrustProvider(config, db.kysely, systemClock);
// opened now, so that the first signer does not wait for the hierarchy to load (a failure here is
// tried again by the first job)
trust().catch((err: unknown) => log.warn({ err }, 'opening the trust services failed'));

const removeIfUnused = (sha: string) => deleteNewRevisionIfUnused({ db: db.kysely, blobs }, sha);

async function perform(task: TaskBody): Promise<unknown> {
  if (task.kind !== 'sign') throw new Error(`a signing thread does not take ${task.kind} tasks`);
  return signAndStore({ trust: await trust(), blobs, removeIfUnused }, task.job);
}

// piscina runs two jobs at a time here (signing-pool.ts); the thread's connection ends with it
export default poolTaskHandler({ perform, log });
