// Cells of the activity report's CSV export (RFC 4180). Written here rather than through a CSV
// library: the export writes a million rows of eight plain-text cells, and the library's per-call
// option handling and per-record arrays made it five times slower than these few lines
// (docs/benchmarks.md, bench:activity of 2026-11-24).

// Spreadsheet programs run a cell that starts with =, +, -, @ (or a tab or carriage return before
// one) as a formula, so text a person typed (a name, a group's name) could compute, fetch or run
// something when an admin opens the export. Such a cell is written with a leading apostrophe,
// which spreadsheets show as text and do not display (OWASP, "CSV Injection").
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180 section 2: a field holding a comma, a quote or a line break is quoted, quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as it goes in the file: disarmed if it could run as a formula, quoted if it must be. */
export function csvCell(text: string | null): string {
  if (!text) return '';
  const cell = neutraliseFormula(text);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** One record of cells, ended by CRLF. */
export const csvLine = (cells: readonly (string | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Records as CSV text, the given fields of each in order, each record ended by CRLF (RFC 4180
 * section 2). One string per call and no array per record: an export calls this once a page.
 */
export function csvRecords<K extends string>(
  records: readonly Readonly<Record<K, string | null>>[],
  fields: readonly K[],
): string {
  let text = '';
  for (const record of records) {
    text += csvCell(record[fields[0]!]);
    for (let i = 1; i < fields.length; i++) text += `,${csvCell(record[fields[i]!])}`;
    text += '\r\n';
  }
  return text;
}
