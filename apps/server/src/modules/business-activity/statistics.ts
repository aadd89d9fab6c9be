// The dashboard's figures for a business: signatures per month by level (counted as they are
// made, so reading them costs one row per month and level), the open and completed requests of
// its people (one indexed count), its people, and the seats in use.
import type { BusinessStatistics } from '@countersign/contract';
import { lastMonths } from '@countersign/domain';
import type { Clock } from '../../lib/clock.js';
import type { Principal } from '../../lib/principal.js';
import { requireBusiness, type ActivityDeps } from './activities.js';

export async function getStatistics(
  deps: ActivityDeps & { clock: Clock },
  principal: Principal,
  input: { businessId: string; months: number },
): Promise<BusinessStatistics> {
  await requireBusiness(deps, principal, input.businessId, 'view_statistics');
  const months = lastMonths(deps.clock.now(), input.months);
  const [counted, requests, members] = await Promise.all([
    deps.activity.signaturesPerMonth(input.businessId, months[0]!),
    deps.activity.requestCounts(input.businessId),
    deps.activity.countPeople(input.businessId),
  ]);
  const count = (month: string, quality: string) =>
    Number(counted.find((c) => c.month === month && c.quality === quality)?.count ?? 0);
  return {
    signaturesPerMonth: months.map((month) => ({
      month,
      ses: count(month, 'ses'),
      aes: count(month, 'aes'),
      qes: count(month, 'qes'),
    })),
    requests,
    members,
    // every person of the business takes a seat until billing counts seats of its own
    seats: { used: members, source: 'members' },
  };
}
