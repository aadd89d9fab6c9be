import { describe, expect, it } from 'vitest';
import type { PdfStream } from './objects.js';
import { PdfDict, PdfName, PdfRef, PdfString, decodeTextString, makeTextString } from './objects.js';
import { PdfParser } from './parser.js';
import { serializeObject } from './serializer.js';

const parse = (text: string) => new PdfParser(Buffer.from(text, 'latin1')).parseObject();

describe('PdfParser', () => {
  it('reads literal strings with escapes, octal codes, nested parentheses and line continuations', () => {
    const value = parse('(a\\(b\\)c \\101\\0615 (nested) x\\\ny\\n)') as PdfString;
    expect(Buffer.from(value.bytes).toString('latin1')).toBe('a(b)c A15 (nested) xy\n');
  });

  it('reads hex strings with whitespace and an odd digit count', () => {
    const value = parse('<48 65 6c6C6f 7>') as PdfString;
    expect(Buffer.from(value.bytes)).toEqual(Buffer.from([0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x70]));
    expect(value.isHex).toBe(true);
  });

  it('reads a plain run of hex digits, as signatures are written, and refuses a stray character', () => {
    const contents = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) & 0xff));
    const upper = parse(`<${contents.toString('hex').toUpperCase()}>`) as PdfString;
    expect(Buffer.from(upper.bytes).equals(contents)).toBe(true);
    expect(upper.isHex).toBe(true);
    const [empty, after] = parse('[<> <0a>]') as PdfString[];
    expect(empty!.bytes).toHaveLength(0);
    expect(Array.from(after!.bytes)).toEqual([0x0a]);
    expect(() => parse('<48g5>')).toThrow(/bad hex string/);
  });

  it('decodes #xx escapes in names', () => {
    expect((parse('/A#20B#2f') as PdfName).name).toBe('A B/');
  });

  it('tells references from pairs of numbers', () => {
    expect(parse('[1 0 R 2 3 4 -5 .5 +7]')).toEqual([new PdfRef(1, 0), 2, 3, 4, -5, 0.5, 7]);
  });

  it('reads nested dictionaries, booleans, null and comments', () => {
    const dict = parse('<</A true/B null %comment\n/C<</D[/E]>>>>') as PdfDict;
    expect(dict.get('A')).toBe(true);
    expect(dict.get('B')).toBeNull();
    expect(((dict.get('C') as PdfDict).get('D') as PdfName[])[0]!.name).toBe('E');
  });

  it('reads a stream whose /Length is an indirect object', () => {
    const text = '4 0 obj\n<</Length 9 0 R>>\nstream\nhello\nendstream\nendobj';
    const parser = new PdfParser(Buffer.from(text, 'latin1'), 0, (ref) => (ref.num === 9 ? 5 : undefined));
    const stream = parser.parseIndirectObject().value as PdfStream;
    expect(Buffer.from(stream.data).toString()).toBe('hello');
  });

  it('finds the end of a stream whose /Length is wrong', () => {
    const text = '4 0 obj\n<</Length 99>>\nstream\nhello world\nendstream\nendobj';
    const stream = new PdfParser(Buffer.from(text, 'latin1')).parseIndirectObject().value as PdfStream;
    expect(Buffer.from(stream.data).toString()).toBe('hello world');
  });

  it('refuses broken syntax with pdf.corrupt', () => {
    expect(() => parse('<</A (unterminated')).toThrow(expect.objectContaining({ code: 'pdf.corrupt' }));
    expect(() => parse('}')).toThrow(expect.objectContaining({ code: 'pdf.corrupt' }));
  });
});

describe('serializeObject', () => {
  it('writes what the parser reads back', () => {
    const dict = new PdfDict({
      Name: new PdfName('With Space'),
      Text: new PdfString(Buffer.from('a(b)\\c\n\xe9', 'latin1')),
      Numbers: [1, -2.5, 0.333333333, new PdfRef(7, 0)],
    });
    const text = serializeObject(dict);
    expect(text).toContain('/With#20Space');
    const back = parse(text) as PdfDict;
    expect(Buffer.from((back.get('Text') as PdfString).bytes).toString('latin1')).toBe('a(b)\\c\n\xe9');
    expect(back.get('Numbers')).toEqual([1, -2.5, 0.333333, new PdfRef(7, 0)]);
  });

  it('writes text strings as UTF-16BE when they are not plain ASCII', () => {
    const value = makeTextString('Zoë 签名');
    expect(Array.from(value.bytes.subarray(0, 2))).toEqual([0xfe, 0xff]);
    expect(decodeTextString(parse(serializeObject(value)))).toBe('Zoë 签名');
  });
});
