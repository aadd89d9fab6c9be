// Cells of the activity report's CSV export (RFC 4180), as the server writes them on SQLite, and
// the line ends of the export PostgreSQL writes itself (ADR 060). Written here rather than through
// a CSV library: the export writes a million rows of eight plain-text cells, and the library's per-call
// option handling and per-record arrays made it five times slower than these few lines
// (docs/benchmarks.md, bench:activity of 2026-11-24).
import { Transform } from 'node:stream';

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

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/**
 * PostgreSQL's CSV (COPY … WITH (FORMAT csv)) as this export writes it: the `head` first, then
 * every record ended by CRLF where PostgreSQL ends it by LF alone. A line break inside a quoted
 * cell is the cell's own text and stays as it is; quotes inside a cell come doubled, so counting
 * quotes tells inside from outside, across chunk boundaries too.
 */
export function crlfRecords(head: string): Transform {
  let quoted = false;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      let start = 0;
      let at = 0;
      let quote = chunk.indexOf(QUOTE);
      while (at < chunk.length) {
        if (quoted) {
          if (quote === -1) break;
          quoted = false;
          at = quote + 1;
          quote = chunk.indexOf(QUOTE, at);
          continue;
        }
        const lf = chunk.indexOf(LF, at);
        if (quote !== -1 && (lf === -1 || quote < lf)) {
          quoted = true;
          at = quote + 1;
          quote = chunk.indexOf(QUOTE, at);
          continue;
        }
        if (lf === -1) break;
        parts.push(chunk.subarray(start, lf), CRLF);
        start = at = lf + 1;
      }
      parts.push(chunk.subarray(start));
      done(null, Buffer.concat(parts));
    },
  });
  transform.push(head);
  return transform;
}
