import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './csv-cells.js';

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
