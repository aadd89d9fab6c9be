import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvRecords, neutraliseFormula } from './csv-cells.js';

describe('a CSV cell a spreadsheet could take for a formula', () => {
  it.each(['=HYPERLINK("http://x.example")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'is written as text: %j',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    },
  );

  it.each(['Ada Lovelace', 'a=b@example.org', '2026-11-24T10:00:00.000Z', ''])(
    'is left alone otherwise: %j',
    (text) => {
      expect(neutraliseFormula(text)).toBe(text);
    },
  );
});

describe('a CSV cell (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['Lovelace, Ada', '"Lovelace, Ada"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=1+1', "'=1+1"],
    ['=SUM(A1,B1)', `"'=SUM(A1,B1)"`],
    ['', ''],
    [null, ''],
  ])('%j is written %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('writes records field by field, each ended by CRLF', () => {
    const records = [
      { a: 'x', b: null, c: 'y, z' },
      { a: '@me', b: 'q"', c: '' },
    ];
    expect(csvRecords(records, ['c', 'a', 'b'])).toBe(`"y, z",x,\r\n,'@me,"q"""\r\n`);
    expect(csvRecords([], ['a'])).toBe('');
    expect(csvLine(['at', 'a,b'])).toBe('at,"a,b"\r\n');
  });
});
