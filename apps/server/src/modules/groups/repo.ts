// SQL of signer groups: the groups of a business with their members, and the groups an address
// belongs to. Returns records, never raw rows.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;
type Tx = Transaction<Database>;

export interface GroupRecord {
  id: string;
  businessId: string;
  name: string;
  members: string[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** Why a write was refused, decided inside its transaction. */
export type GroupWriteOutcome = 'ok' | 'limit_reached' | 'name_taken' | 'not_found';

const nameKey = (name: string) => name.toLowerCase();

async function membersOf(db: Db | Tx, groupIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return out;
  const rows = await db
    .selectFrom('signer_group_members')
    .select(['group_id', 'email'])
    .where('group_id', 'in', groupIds)
    .orderBy('group_id')
    .orderBy('position')
    .execute();
  for (const row of rows) out.get(row.group_id)?.push(row.email);
  return out;
}

async function writeMembers(tx: Tx, groupId: string, members: readonly string[]): Promise<void> {
  await tx.deleteFrom('signer_group_members').where('group_id', '=', groupId).execute();
  if (members.length === 0) return;
  await tx
    .insertInto('signer_group_members')
    .values(members.map((email, position) => ({ group_id: groupId, email, position })))
    .execute();
}

/**
 * Runs `write` with the business row touched first, so that two writes to one business's groups
 * run one after the other (the count and the name checks then see each other's rows).
 */
async function serialised(db: Db, businessId: string, write: (tx: Tx) => Promise<GroupWriteOutcome>) {
  return db.transaction().execute(async (tx) => {
    await tx
      .updateTable('businesses')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', businessId)
      .execute();
    return write(tx);
  });
}

async function nameTaken(tx: Tx, businessId: string, name: string, exceptId: string | null) {
  let query = tx
    .selectFrom('signer_groups')
    .select('id')
    .where('business_id', '=', businessId)
    .where('name_key', '=', nameKey(name));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function createGroupRepo(db: Db) {
  return {
    async countGroups(businessId: string): Promise<number> {
      const row = await db
        .selectFrom('signer_groups')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async listGroups(businessId: string, page: number, size: number): Promise<GroupRecord[]> {
      const rows = await db
        .selectFrom('signer_groups')
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('name_key')
        .orderBy('id')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const members = await membersOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toGroup(r, members.get(r.id) ?? []));
    },

    async findGroup(id: string): Promise<GroupRecord | undefined> {
      const row = await db.selectFrom('signer_groups').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return toGroup(row, (await membersOf(db, [id])).get(id) ?? []);
    },

    /** Inserts the group unless the business has `maxGroups` already or uses the name. */
    async insertGroup(group: GroupRecord, maxGroups: number): Promise<GroupWriteOutcome> {
      return serialised(db, group.businessId, async (tx) => {
        const count = await tx
          .selectFrom('signer_groups')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('business_id', '=', group.businessId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= maxGroups) return 'limit_reached';
        if (await nameTaken(tx, group.businessId, group.name, null)) return 'name_taken';
        await tx
          .insertInto('signer_groups')
          .values({
            id: group.id,
            business_id: group.businessId,
            name: group.name,
            name_key: nameKey(group.name),
            created_by: group.createdBy,
            created_at: group.createdAt,
            updated_at: group.updatedAt,
          })
          .execute();
        await writeMembers(tx, group.id, group.members);
        return 'ok';
      });
    },

    async updateGroup(
      group: { id: string; businessId: string },
      change: { name?: string | undefined; members?: readonly string[] | undefined },
      now: string,
    ): Promise<GroupWriteOutcome> {
      return serialised(db, group.businessId, async (tx) => {
        if (change.name !== undefined && (await nameTaken(tx, group.businessId, change.name, group.id)))
          return 'name_taken';
        const updated = await tx
          .updateTable('signer_groups')
          .set({
            updated_at: now,
            ...(change.name !== undefined && { name: change.name, name_key: nameKey(change.name) }),
          })
          .where('id', '=', group.id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return 'not_found';
        if (change.members) await writeMembers(tx, group.id, change.members);
        return 'ok';
      });
    },

    async deleteGroup(id: string): Promise<boolean> {
      const deleted = await db.deleteFrom('signer_groups').where('id', '=', id).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
  };
}

export type GroupRepo = ReturnType<typeof createGroupRepo>;

/** The groups an address belongs to (of any business), by name: the groups its holder signs for. */
export async function groupsOfAddress(db: Db | Tx, email: string): Promise<GroupMembership[]> {
  return db
    .selectFrom('signer_group_members as m')
    .innerJoin('signer_groups as g', 'g.id', 'm.group_id')
    .select(['g.id as id', 'g.name as name', 'g.updated_at as updatedAt'])
    .where('m.email', '=', email.toLowerCase())
    .orderBy('g.name_key')
    .orderBy('g.id')
    .execute();
}

export interface GroupMembership {
  id: string;
  name: string;
  updatedAt: string;
}

function toGroup(row: Database['signer_groups'], members: string[]): GroupRecord {
  return {
    id: row.id,
    businessId: row.business_id,
    name: row.name,
    members,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
