// Reading a bulk send's CSV against its template (ADR 080): one request per row after the header.
// The columns are `<role> email` and `<role> name` for each role, one per field the sender may fill
// in (named by its label, or its id when labels repeat), and `title` and `message`. Each row is
// checked before anything is sent: a bad address, a role with no address, a value in a column the
// template does not know, a value a check box cannot take, the same people as an earlier row.
import { parse } from 'csv-parse/sync';
import { ZEmail, type BulkSend } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { isPrefillable, type TemplateRecord } from '../templates/index.js';

export type RowError = BulkSend['rowsWithErrors'][number]['errors'][number];

/** A row as it is sent: people per role and the sender's values (the template use's input). */
export interface RowData {
  roles: { roleId: string; email: string; name?: string }[];
  fieldValues: { fieldId: string; value: string | boolean }[];
  title?: string;
  message?: string;
}

export interface CheckedRow {
  /** 1 for the first row after the header */
  row: number;
  data: RowData;
  errors: RowError[];
}

type Column =
  | { kind: 'email' | 'name'; roleId: string }
  | { kind: 'field'; fieldId: string; checkbox: boolean }
  | { kind: 'title' | 'message' };

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The columns a template's CSV has, in order, each with the name its header cell gives. */
export function columnsOf(
  template: Pick<TemplateRecord, 'roles' | 'fields'>,
): { name: string; column: Column }[] {
  const columns: { name: string; column: Column }[] = [];
  for (const r of template.roles) {
    columns.push({ name: `${r.name} email`, column: { kind: 'email', roleId: r.id } });
    columns.push({ name: `${r.name} name`, column: { kind: 'name', roleId: r.id } });
  }
  const fillable = template.fields.filter(isPrefillable);
  const labels = fillable.map((f) => key(f.label));
  const taken = new Set(columns.map((c) => key(c.name)));
  for (const f of fillable) {
    const label = key(f.label);
    const unique = label && labels.indexOf(label) === labels.lastIndexOf(label) && !taken.has(label);
    columns.push({
      name: unique ? f.label : f.id,
      column: { kind: 'field', fieldId: f.id, checkbox: f.kind === 'checkbox' },
    });
  }
  columns.push(
    { name: 'title', column: { kind: 'title' } },
    { name: 'message', column: { kind: 'message' } },
  );
  return columns;
}

const CHECKED = new Set(['true', 'yes', 'x', '1']);
const UNCHECKED = new Set(['false', 'no', '0']);

/** Parses the CSV (comma or semicolon separated, UTF-8 with or without BOM); 422 when it cannot be read. */
export function readCsv(text: string): { header: string[]; records: string[][] } {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [',', ';'],
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (err) {
    throw new AppError('bulk_send.csv_invalid', `The CSV cannot be read: ${(err as Error).message}`);
  }
  const [header, ...rest] = records;
  if (!header || rest.length === 0)
    throw new AppError('bulk_send.csv_invalid', 'The CSV needs a header row and at least one row');
  return { header, records: rest };
}

export function checkRows(
  template: Pick<TemplateRecord, 'roles' | 'fields'>,
  header: readonly string[],
  records: readonly string[][],
): CheckedRow[] {
  const columns = new Map(columnsOf(template).map((c) => [key(c.name), c.column]));
  const seen = new Map<string, number>();
  return records.map((cells, index) => {
    const errors: RowError[] = [];
    const data: RowData = { roles: [], fieldValues: [] };
    const people = new Map<string, { email?: string; name?: string }>();
    header.forEach((name, i) => {
      const value = cells[i] ?? '';
      const column = columns.get(key(name));
      if (!column) {
        if (value)
          errors.push({ column: name, code: 'unknown_column', message: 'The template has no such column' });
        return;
      }
      if (column.kind === 'email' || column.kind === 'name') {
        const person = people.get(column.roleId) ?? {};
        if (value) person[column.kind] = column.kind === 'email' ? value.toLowerCase() : value;
        people.set(column.roleId, person);
      } else if (column.kind === 'field') {
        if (!value) return;
        if (!column.checkbox) data.fieldValues.push({ fieldId: column.fieldId, value });
        else if (CHECKED.has(value.toLowerCase()) || UNCHECKED.has(value.toLowerCase()))
          data.fieldValues.push({ fieldId: column.fieldId, value: CHECKED.has(value.toLowerCase()) });
        else errors.push({ column: name, code: 'bad_value', message: 'A check box takes true or false' });
      } else if (value) data[column.kind] = value;
    });
    for (const role of template.roles) {
      const person = people.get(role.id);
      const column = `${role.name} email`;
      if (!person?.email) {
        errors.push({ column, code: 'missing_role', message: `No address for ${role.name}` });
      } else if (!ZEmail.safeParse(person.email).success) {
        errors.push({ column, code: 'bad_address', message: `${person.email} is not an e-mail address` });
      } else {
        data.roles.push({ roleId: role.id, email: person.email, ...(person.name && { name: person.name }) });
      }
    }
    const addresses = data.roles.map((r) => r.email);
    if (new Set(addresses).size !== addresses.length)
      errors.push({ column: null, code: 'duplicate', message: 'One person is given for two roles' });
    const who = JSON.stringify(addresses);
    const earlier = seen.get(who);
    if (errors.length === 0 && earlier !== undefined)
      errors.push({ column: null, code: 'duplicate', message: `The same people as row ${earlier}` });
    if (errors.length === 0) seen.set(who, index + 1);
    return { row: index + 1, data, errors };
  });
}
