// The use cases of maintenance notices: the operator sets, schedules and clears the one notice and
// names the staff who pass a blocking one; every server reads the notice in force for the web
// app's configuration (`/api/config`). A notice from the environment (MAINTENANCE, for a single
// box that starts in maintenance) holds while nothing is set in the database.
import type { MaintenanceNoticeDetail } from '@countersign/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { findPeople, findPersonByEmail } from '../accounts/index.js';
import type { MaintenanceRepo, NoticeRow } from './repo.js';

/** What the web app is told: the notice shown now, if any. */
export interface NoticeInForce {
  isBlocking: boolean;
  url?: string;
}

export interface MaintenanceDeps {
  db: Kysely<Database>;
  maintenance: MaintenanceRepo;
  clock: Clock;
  /** told after the operator changed the notice, so this server shows it at once */
  onChange?: () => void;
}

const inForce = (row: NoticeRow, at: string) =>
  row.starts_at <= at && (row.ends_at === null || at < row.ends_at);

const present = (row: NoticeRow, at: string): MaintenanceNoticeDetail => ({
  mode: row.mode,
  url: row.url,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  inForce: inForce(row, at),
  setAt: row.set_at,
  setBy: row.set_by,
});

export async function maintenanceOverview(deps: MaintenanceDeps) {
  const [row, staffIds] = await Promise.all([deps.maintenance.notice(), deps.maintenance.staffIds()]);
  const staff = await findPeople(deps.db, staffIds);
  return {
    notice: row ? present(row, deps.clock.now().toISOString()) : null,
    staff: staff.map((p) => p.email).sort(),
  };
}

export interface NoticeInput {
  mode: 'light' | 'blocking';
  url?: string;
  startsAt?: string;
  endsAt?: string;
}

export async function setNotice(deps: MaintenanceDeps, by: 'api' | 'cli', input: NoticeInput) {
  const now = deps.clock.now();
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  const endsAt = input.endsAt ? new Date(input.endsAt) : undefined;
  if (endsAt && (endsAt <= startsAt || endsAt <= now))
    throw new AppError(
      'maintenance.invalid_window',
      'The notice must end after it starts, and in the future',
    );
  await deps.maintenance.setNotice({
    mode: input.mode,
    url: input.url ?? null,
    starts_at: startsAt.toISOString(),
    ends_at: endsAt?.toISOString() ?? null,
    set_at: now.toISOString(),
    set_by: by,
  });
  deps.onChange?.();
  return maintenanceOverview(deps);
}

export async function clearNotice(deps: MaintenanceDeps) {
  await deps.maintenance.clearNotice();
  deps.onChange?.();
  return maintenanceOverview(deps);
}

export async function setStaff(deps: MaintenanceDeps, email: string, isStaff: boolean) {
  const person = await findPersonByEmail(deps.db, email.trim().toLowerCase());
  if (isStaff) {
    if (!person) throw new AppError('maintenance.unknown_person', 'No account has that address');
    await deps.maintenance.addStaff(person.id, deps.clock.now().toISOString());
  } else if (person) {
    await deps.maintenance.removeStaff(person.id);
  }
  return maintenanceOverview(deps);
}

/** How long a server reuses the notice it read: the web app polls every 60 s anyway. */
export const NOTICE_CACHE_MS = 5_000;

export interface MaintenanceReader {
  /** The notice in force for this caller (null for none, or for staff under a blocking one). */
  noticeFor(userId: string | undefined): Promise<NoticeInForce | null>;
  /** Reads the notice afresh next time (this server changed it). */
  forget(): void;
}

/**
 * Reads the notice in force, at most once every NOTICE_CACHE_MS of `cacheClock` per server (the
 * other servers' changes show within that); whether it holds is judged by `deps.clock`, the use
 * cases' clock. `fallback` is the environment's notice, which holds while the database has none.
 */
export function createMaintenanceReader(
  deps: Pick<MaintenanceDeps, 'maintenance' | 'clock'>,
  fallback: NoticeInForce | null,
  cacheClock: Pick<Clock, 'now'> = systemClock,
): MaintenanceReader {
  let cached: { row: NoticeRow | undefined; readAt: number } | undefined;
  const current = async (): Promise<NoticeInForce | null> => {
    const readAt = cacheClock.now().getTime();
    if (!cached || readAt - cached.readAt >= NOTICE_CACHE_MS || readAt < cached.readAt)
      cached = { row: await deps.maintenance.notice(), readAt };
    const now = deps.clock.now();
    const row = cached.row;
    if (!row) return fallback;
    if (!inForce(row, now.toISOString())) return null;
    return { isBlocking: row.mode === 'blocking', ...(row.url && { url: row.url }) };
  };
  return {
    async noticeFor(userId) {
      const notice = await current();
      if (notice?.isBlocking && userId && (await deps.maintenance.isStaff(userId))) return null;
      return notice;
    },
    forget: () => (cached = undefined),
  };
}
