// Whether a request's signatures are Part 11 signatures: the request follows its owner's business
// (ADR 035), and the business's admins turn the mode on (`signatureRequests.part11.enabled`). It
// is read when each signature is made, so switching the mode on applies to the open requests too.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { settingsOfMember } from '../../businesses/index.js';
import type { RequestRecord } from '../model.js';

export async function isPart11Request(
  db: Kysely<Database>,
  request: Pick<RequestRecord, 'ownerId'>,
): Promise<boolean> {
  return (await settingsOfMember(db, request.ownerId))?.signatureRequests.part11.enabled === true;
}
