// The SQL of maintenance notices: the one notice (in force or scheduled) and the staff who pass a
// blocking one. Staff are named by account id; their addresses are read through accounts.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MaintenanceNoticeTable } from './tables.js';

const CURRENT = 'current';

export type NoticeRow = Selectable<MaintenanceNoticeTable>;

export function createMaintenanceRepo(db: Kysely<Database>) {
  return {
    /** The notice, whether or not it holds now. */
    async notice(): Promise<NoticeRow | undefined> {
      return db.selectFrom('maintenance_notice').selectAll().where('id', '=', CURRENT).executeTakeFirst();
    },

    /** Replaces the notice with this one. */
    async setNotice(notice: Omit<NoticeRow, 'id'>): Promise<void> {
      const row = { id: CURRENT, ...notice };
      await db
        .insertInto('maintenance_notice')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(notice))
        .execute();
    },

    async clearNotice(): Promise<void> {
      await db.deleteFrom('maintenance_notice').execute();
    },

    async staffIds(): Promise<string[]> {
      const rows = await db.selectFrom('maintenance_staff').select('user_id').orderBy('added_at').execute();
      return rows.map((r) => r.user_id);
    },

    async isStaff(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('maintenance_staff')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addStaff(userId: string, at: string): Promise<void> {
      await db
        .insertInto('maintenance_staff')
        .values({ user_id: userId, added_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    async removeStaff(userId: string): Promise<void> {
      await db.deleteFrom('maintenance_staff').where('user_id', '=', userId).execute();
    },
  };
}

export type MaintenanceRepo = ReturnType<typeof createMaintenanceRepo>;
