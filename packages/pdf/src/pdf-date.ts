// PDF date strings (ISO 32000-1 section 7.9.4): "D:YYYYMMDDHHmmSSZ" when writing, and the
// lenient forms real files contain when reading.

export function formatPdfDate(date: Date): string {
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return (
    `D:${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

export function parsePdfDate(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const match =
    /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(
      text.trim(),
    );
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, offH, offM] =
    match;
  let time = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  if (sign === '+' || sign === '-') {
    const offset = (Number(offH ?? 0) * 60 + Number(offM ?? 0)) * 60_000;
    time += sign === '+' ? -offset : offset;
  }
  return Number.isNaN(time) ? undefined : new Date(time);
}
