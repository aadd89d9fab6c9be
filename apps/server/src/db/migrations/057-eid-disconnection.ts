// Disconnecting a national eID from an account (ADR 106): each identity link says which eID it is
// (`provider`, null for a business's single sign-on), so that disconnecting ID Austria removes that
// link and no other; and an eID's identification keeps its record when it is disconnected
// (`disconnected_at`), since the advanced signatures made on it stay attributable to it.
//
// Links made before this change are marked from the identification recorded with them: an eID's
// connection links the identity and records its identification in the same request, so within
// the same second.
import { sql, type Kysely } from 'kysely';

export async function migration057EidDisconnection(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_identities').addColumn('provider', 'text').execute();
  await db.schema.alterTable('identifications').addColumn('disconnected_at', 'text').execute();
  await sql`
    update account_identities set provider = (
      select i.provider from identifications i
      where i.user_id = account_identities.user_id
        and i.provider in ('eidplus', 'idaustria') and i.status = 'success'
        and substr(i.created_at, 1, 19) = substr(account_identities.created_at, 1, 19)
      order by i.seq desc limit 1)
    where provider is null`.execute(db);
}
