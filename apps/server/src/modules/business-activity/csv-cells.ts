// Spreadsheet programs run a cell that starts with =, +, -, @ (or a tab or carriage return before
// one) as a formula, so text a person typed (a name, a group's name) could compute, fetch or run
// something when an admin opens the export. Such a cell is written with a leading apostrophe,
// which spreadsheets show as text and do not display (OWASP, "CSV Injection").
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
