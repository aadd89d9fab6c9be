import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { crlfRecords, csvCell, csvLine, csvRecords, neutraliseFormula } from './csv-cells.js';

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

describe("PostgreSQL's CSV made RFC 4180", () => {
  const fromPostgres = 'a,"two\nlines",b\n"say ""hi""\n",,"\r\n"\nlast,"x""\ny"\n';
  const expected = 'head\r\na,"two\nlines",b\r\n"say ""hi""\n",,"\r\n"\r\nlast,"x""\ny"\r\n';

  it('ends records with CRLF and leaves line breaks inside quoted cells alone', async () => {
    const out = await text(Readable.from([Buffer.from(fromPostgres)]).pipe(crlfRecords('head\r\n')));
    expect(out).toBe(expected);
  });

  it('keeps track of quotes across chunks, wherever the bytes are cut', async () => {
    const bytes = Buffer.from(fromPostgres);
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      expect(await text(Readable.from(chunks).pipe(crlfRecords('head\r\n'))), `cut at ${cut}`).toBe(expected);
    }
    const oneByOne = [...bytes].map((b) => Buffer.from([b]));
    expect(await text(Readable.from(oneByOne).pipe(crlfRecords('head\r\n')))).toBe(expected);
  });

  it('writes the head alone when there are no rows', async () => {
    expect(await text(Readable.from([]).pipe(crlfRecords('head\r\n')))).toBe('head\r\n');
  });
});
