// Process incarnations for tests of locks, claims and leases (ADR 046): a live one that beats, and
// rows of a dead one (registered, then silent), as a killed process leaves them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { startIncarnation, type Incarnation } from '../liveness/incarnation.js';
import { newId } from '../lib/tokens.js';

const quiet = { warn: () => undefined };

/** A live incarnation beating every `heartbeatMs`; stop() when done. */
export async function liveIncarnation(db: Kysely<Database>, heartbeatMs = 100): Promise<Incarnation> {
  const { incarnation } = await startIncarnation(db, { node: `test-${newId()}`, heartbeatMs, log: quiet });
  return incarnation;
}

/** An incarnation whose last heartbeat was `agoMs` ago and that will never beat again. */
export async function silentIncarnation(db: Kysely<Database>, agoMs = 0): Promise<string> {
  const id = newId();
  const at = new Date(Date.now() - agoMs).toISOString();
  await db
    .insertInto('process_incarnations')
    .values({ id, node: `test-${id}`, pid: 0, started_at: at, heartbeat_at: at })
    .execute();
  return id;
}
