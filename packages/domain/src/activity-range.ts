// The time range of an activity report: `start_date` and `end_date` are each a day (the whole day
// in UTC) or an instant, and both are inclusive. As a half-open range of ISO instants, the form
// the database compares (stored times are ISO 8601 UTC with milliseconds).

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface InstantRange {
  /** inclusive */
  from: string | null;
  /** exclusive */
  toExclusive: string | null;
}

function startOf(date: string): Date {
  return DAY.test(date) ? new Date(`${date}T00:00:00.000Z`) : new Date(date);
}

/** The half-open range of instants a report's start and end dates take in. */
export function activityRange(startDate?: string, endDate?: string): InstantRange {
  const from = startDate === undefined ? null : startOf(startDate).toISOString();
  let toExclusive: string | null = null;
  if (endDate !== undefined) {
    const end = startOf(endDate);
    // a day takes in all of it; an instant takes in itself
    const next = DAY.test(endDate) ? end.getTime() + 24 * 60 * 60 * 1000 : end.getTime() + 1;
    toExclusive = new Date(next).toISOString();
  }
  return { from, toExclusive };
}

/** The `months` calendar months (`2026-11`) up to and including the one of `now`, oldest first. */
export function lastMonths(now: Date, months: number): string[] {
  const out: string[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}
