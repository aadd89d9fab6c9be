// A signer group in one signer's place (ADR 056): the group's id and name, and its members'
// addresses as they were when the group was added to the request (JSON), so that later changes
// to the group change no request. Empty for a person.
import type { Kysely } from 'kysely';

export async function migration027GroupSigners(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signers').addColumn('group_id', 'text').execute();
  await db.schema.alterTable('signers').addColumn('group_name', 'text').execute();
  await db.schema.alterTable('signers').addColumn('group_members', 'text').execute();
}
