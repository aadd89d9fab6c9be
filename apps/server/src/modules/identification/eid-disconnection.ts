// A national eID disconnected from an account (ADR 106): its identifications stay on record, marked
// disconnected, because the advanced signatures made on them remain attributable to them; the
// qualities they granted are withdrawn; the person's business sees the disconnection in its
// activity report, as it saw the identification.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { recordIdentification } from '../business-activity/index.js';
import { disconnectEidIdentifications } from './repo.js';

export async function disconnectEidIdentification(
  deps: { db: Kysely<Database>; clock: Clock },
  input: { userId: string; provider: 'eidplus' | 'idaustria' },
): Promise<void> {
  const at = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const marked = await disconnectEidIdentifications(trx, { ...input, at });
    if (marked.length > 0)
      await recordIdentification(trx, {
        at,
        userId: input.userId,
        method: 'eid',
        legislation: 'eidas',
        outcome: 'disconnected',
      });
  });
}
