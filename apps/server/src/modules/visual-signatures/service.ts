// Visual-signature use cases.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

export interface VisualSignaturesDeps {
  db: Kysely<Database>;
  clock: Clock;
}
