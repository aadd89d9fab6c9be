// The accounts of a business (ADR 052): its people, by membership, and its API users, each of
// which owns the requests it sends through an account row of its own. A request follows its
// owner's business (ADR 035) for its plan, branding, mail settings, retention, activity report and
// dashboard, whichever kind of account sent it; this view is the one place that says which
// business an account is of. Seats, roles and the list of people stay with the memberships.
import { sql, type Kysely } from 'kysely';

export async function migration031BusinessAccounts(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view business_accounts as
      select user_id, business_id, 'person' as kind from business_memberships
      union all
      select user_id, business_id, 'api_user' as kind from api_users
  `.execute(db);
}
