// Opens the trust services once per process, on first use, over the database store. The
// hierarchy is generated the first time any process needs it; later processes load it.
import { openTrustServices, type CountersignTrustServices } from '@countersign/trust';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { createDatabaseTrustStore } from './repo.js';

/**
 * Outside production a fixed, publicly known key protects the development hierarchy: anyone can
 * decrypt those keys, which is acceptable only because nothing they sign is trusted anywhere.
 */
export const DEVELOPMENT_TRUST_KEK = 'countersign-development-only-kek-not-secret';

export function createTrustProvider(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
): () => Promise<CountersignTrustServices> {
  let opened: Promise<CountersignTrustServices> | undefined;
  return () => {
    opened ??= openTrustServices({
      store: createDatabaseTrustStore(db, () => clock.now()),
      keyEncryptionKey: config.trustKek ?? DEVELOPMENT_TRUST_KEK,
      baseUrl: `${config.publicUrl}/trust`,
      clock: () => clock.now(),
    }).catch((err: unknown) => {
      opened = undefined; // let a later request try again (e.g. after the database came back)
      throw err;
    });
    return opened;
  };
}
