// SQL of placed fields (request_fields, ADR 039): a draft's list is replaced whole, a delegate
// takes over the fields of the signer who passed the signature on.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { FieldRecord } from '../model.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Replaces every field of the request with `fields` (their order is their position). */
export async function replaceFields(
  db: Db,
  requestId: string,
  fields: readonly FieldRecord[],
): Promise<void> {
  await db.deleteFrom('request_fields').where('request_id', '=', requestId).execute();
  await insertFields(db, requestId, fields);
}

export async function insertFields(db: Db, requestId: string, fields: readonly FieldRecord[]): Promise<void> {
  if (fields.length === 0) return;
  // a few hundred rows at most (MAX_FIELDS_PER_REQUEST): one statement
  await db
    .insertInto('request_fields')
    .values(
      fields.map((f) => ({
        request_id: requestId,
        id: f.id,
        signer_id: f.signerId,
        document_id: f.documentId,
        position: f.position,
        kind: f.kind,
        required: f.required ? 1 : 0,
        label: f.label,
        page: f.page,
        x: f.x,
        y: f.y,
        width: f.width,
        height: f.height,
        field_name: f.fieldName,
        value: f.value,
      })),
    )
    .execute();
}

/** A delegate fills and signs what was placed for the signer who delegated (ADR 008). */
export async function moveFieldsToSigner(db: Db, fromSignerId: string, toSignerId: string): Promise<void> {
  await db
    .updateTable('request_fields')
    .set({ signer_id: toSignerId })
    .where('signer_id', '=', fromSignerId)
    .execute();
}

/** Records what a signature wrote into its signer's fields (in the transaction that commits it). */
export async function setFieldValues(
  db: Db,
  requestId: string,
  values: readonly { id: string; value: string }[],
): Promise<void> {
  for (const { id, value } of values)
    await db
      .updateTable('request_fields')
      .set({ value })
      .where('request_id', '=', requestId)
      .where('id', '=', id)
      .execute();
}
