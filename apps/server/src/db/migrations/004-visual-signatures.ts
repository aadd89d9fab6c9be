// Visual signatures (spec section 3) and their custom images.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration004VisualSignatures(
  _db: Kysely<unknown>,
  _dialect: DialectName,
): Promise<void> {}
