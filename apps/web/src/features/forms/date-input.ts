// Date fields (the dashboard's date filter, a request's deadline) edit whole days in the reader's
// time zone, while the saved view and the API speak in instants (ISO 8601). A "from" day starts at
// local midnight; an "until" day ends just before the next one, so the whole day picked counts.

/** `YYYY-MM-DD` from an `<input type="date">` as the instant its day starts or ends, or null. */
export function isoFromDateInput(value: string, edge: 'start' | 'end'): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date =
    edge === 'start' ? new Date(year, month, day, 0, 0, 0, 0) : new Date(year, month, day, 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The local day of an instant, as `<input type="date">` wants it; empty for none. */
export function dateInputFromIso(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
