// A small lexer and parser for PDF object syntax (ISO 32000-1 section 7.2 and 7.3): numbers,
// names, literal and hex strings, arrays, dictionaries, references, indirect objects and
// streams. It works on the raw bytes at an offset, so the reader can parse only what it needs.

import { PdfError } from './errors.js';
import { pdfLimits, type PdfLimits } from './limits.js';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString } from './objects.js';
import type { PdfObject } from './objects.js';

const HEX_DIGITS_ONLY = /^[0-9A-Fa-f]*$/;

/** Resolves an indirect /Length while a stream is being parsed. */
export type LengthResolver = (ref: PdfRef) => number | undefined;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

export function isWhitespace(byte: number | undefined): boolean {
  return byte !== undefined && WHITESPACE.has(byte);
}

function isRegular(byte: number | undefined): boolean {
  return byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

export interface IndirectObject {
  num: number;
  gen: number;
  value: PdfObject;
}

/** The byte each simple escape after a backslash stands for (7.3.4.2, table 3). */
const SIMPLE_ESCAPES: Partial<Record<number, number>> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };

export class PdfParser {
  pos: number;
  /** arrays and dictionaries open around the current position */
  private depth = 0;
  private readonly limits: Readonly<PdfLimits> = pdfLimits();

  /** The same bytes as a Buffer, to read words from without copying them first. */
  private readonly text: Buffer;

  constructor(
    readonly bytes: Uint8Array,
    pos = 0,
    private readonly resolveLength?: LengthResolver,
  ) {
    this.pos = pos;
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  fail(message: string): never {
    throw new PdfError('pdf.corrupt', `${message} at byte ${this.pos}`);
  }

  skipWhitespace(): void {
    const bytes = this.bytes;
    while (this.pos < bytes.length) {
      const byte = bytes[this.pos]!;
      if (WHITESPACE.has(byte)) {
        this.pos++;
      } else if (byte === 0x25) {
        while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos++;
      } else {
        return;
      }
    }
  }

  /** Reads a bare keyword or number token (regular characters) without interpreting it. */
  readWord(): string {
    this.skipWhitespace();
    const start = this.pos;
    while (isRegular(this.bytes[this.pos])) this.pos++;
    return this.text.toString('latin1', start, this.pos);
  }

  peekWord(): string {
    const saved = this.pos;
    const word = this.readWord();
    this.pos = saved;
    return word;
  }

  readInteger(): number {
    const word = this.readWord();
    if (!/^[+-]?\d+$/.test(word)) this.fail(`expected an integer, found "${word.slice(0, 20)}"`);
    return Number(word);
  }

  parseObject(): PdfObject {
    // a failure part-way through an earlier object leaves nothing open for this one
    this.depth = 0;
    return this.parseNested();
  }

  private parseNested(): PdfObject {
    this.skipWhitespace();
    const byte = this.bytes[this.pos];
    if (byte === undefined) this.fail('unexpected end of data');
    switch (byte) {
      case 0x2f:
        return this.parseName();
      case 0x28:
        return this.parseLiteralString();
      case 0x5b:
        return this.parseArray();
      case 0x3c:
        if (this.bytes[this.pos + 1] === 0x3c) return this.parseDictOrStream();
        return this.parseHexString();
      default:
        break;
    }
    if (isDigit(byte) || byte === 0x2b || byte === 0x2d || byte === 0x2e) return this.parseNumberOrRef();
    const word = this.readWord();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    return this.fail(`unexpected token "${word.slice(0, 20) || String.fromCharCode(byte)}"`);
  }

  /** Where the digits from `at` end. */
  private digitsEnd(at: number): number {
    let end = at;
    while (isDigit(this.bytes[end])) end++;
    return end;
  }

  /** The value of the digits from `start` to `end` (at most 15, so exact). */
  private integerOf(start: number, end: number): number {
    let value = 0;
    for (let at = start; at < end; at++) value = value * 10 + this.bytes[at]! - 0x30;
    return value;
  }

  /** "gen R" after the number `num` just read: the reference, or undefined with nothing consumed. */
  private referenceAfter(num: number): PdfRef | undefined {
    const saved = this.pos;
    this.skipWhitespace();
    const genStart = this.pos;
    const genEnd = this.digitsEnd(genStart);
    if (genEnd > genStart && genEnd - genStart <= 15 && !isRegular(this.bytes[genEnd])) {
      this.pos = genEnd;
      this.skipWhitespace();
      if (this.bytes[this.pos] === 0x52 && !isRegular(this.bytes[this.pos + 1])) {
        this.pos++;
        return new PdfRef(num, this.integerOf(genStart, genEnd));
      }
    }
    this.pos = saved;
    return undefined;
  }

  private parseNumberOrRef(): PdfObject {
    // A plain integer, by far the most common number (and the start of every reference), is read
    // from its digits: making a string of each word took most of the time of a long array.
    const start = this.pos;
    const end = this.digitsEnd(start);
    if (end > start && end - start <= 15 && !isRegular(this.bytes[end])) {
      this.pos = end;
      const value = this.integerOf(start, end);
      return this.referenceAfter(value) ?? value;
    }
    const word = this.readWord();
    const value = Number(word);
    if (!Number.isFinite(value)) {
      // Tolerate forms such as "--5" or "5-" that some producers write, as readers commonly do.
      const cleaned = Number.parseFloat(word.replace(/^[+-]+/, (signs) => (signs.includes('-') ? '-' : '')));
      if (Number.isFinite(cleaned)) return cleaned;
      this.fail(`bad number "${word}"`);
    }
    if (!/^\d+$/.test(word)) return value;
    // "num gen R" is a reference; look ahead without consuming anything else.
    return this.referenceAfter(value) ?? value;
  }

  private parseName(): PdfName {
    this.pos++;
    const start = this.pos;
    while (isRegular(this.bytes[this.pos])) this.pos++;
    if (this.pos - start > this.limits.maxStringBytes) this.tooLong('a name');
    const raw = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, this.pos - start).toString(
      'latin1',
    );
    if (!raw.includes('#')) return new PdfName(raw);
    // #xx escapes (7.3.5); names are byte sequences, kept here as latin1 text.
    return new PdfName(
      raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  }

  private tooLong(what: string): never {
    throw new PdfError(
      'pdf.limit.string_size',
      `${what} at byte ${this.pos} is longer than ${this.limits.maxStringBytes} bytes`,
    );
  }

  /** Where the literal string opened just before `start` ends (its closing parenthesis). */
  private literalStringEnd(start: number): number {
    const bytes = this.bytes;
    let depth = 1;
    for (let at = start; at < bytes.length; at++) {
      const byte = bytes[at]!;
      if (byte === 0x5c) at++;
      else if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return at;
    }
    return this.fail('unterminated string');
  }

  private parseLiteralString(): PdfString {
    const bytes = this.bytes;
    const start = this.pos + 1;
    const end = this.literalStringEnd(start);
    // an escape takes at most four bytes for one, so the raw length bounds the string first
    if (end - start > 4 * this.limits.maxStringBytes) this.tooLong('a string');
    const out = new Uint8Array(end - start);
    let length = 0;
    this.pos = start;
    while (this.pos < end) {
      const byte = bytes[this.pos++]!;
      if (byte !== 0x5c) {
        out[length++] = byte;
        continue;
      }
      const next = bytes[this.pos++]!;
      const simple = SIMPLE_ESCAPES[next];
      if (simple !== undefined) out[length++] = simple;
      else if (next === 0x0d) {
        if (bytes[this.pos] === 0x0a) this.pos++;
      } else if (next === 0x0a) {
        // backslash-newline continues the line without adding anything
      } else if (next >= 0x30 && next <= 0x37) {
        let code = next - 0x30;
        for (
          let i = 0;
          i < 2 && this.pos < end && bytes[this.pos]! >= 0x30 && bytes[this.pos]! <= 0x37;
          i++
        ) {
          code = code * 8 + (bytes[this.pos++]! - 0x30);
        }
        out[length++] = code & 0xff;
      } else out[length++] = next;
    }
    this.pos = end + 1;
    if (length > this.limits.maxStringBytes) this.tooLong('a string');
    return new PdfString(out.slice(0, length));
  }

  private parseHexString(): PdfString {
    const bytes = this.bytes;
    this.pos++;
    const end = bytes.indexOf(0x3e, this.pos);
    if (end < 0) this.fail('unterminated hex string');
    if (end - this.pos > 4 * this.limits.maxStringBytes) this.tooLong('a string');
    const plain = this.parsePlainHex(end);
    if (plain) return plain;
    const out = new Uint8Array(Math.ceil((end - this.pos) / 2));
    let count = 0;
    let high = -1;
    for (let i = this.pos; i < end; i++) {
      const value = hexValue(bytes[i]!);
      if (value < 0) {
        if (!WHITESPACE.has(bytes[i]!)) this.fail('bad hex string');
        continue;
      }
      if (high < 0) high = value;
      else {
        out[count++] = (high << 4) | value;
        high = -1;
      }
    }
    if (high >= 0) out[count++] = high << 4;
    this.pos = end + 1;
    if (count > this.limits.maxStringBytes) this.tooLong('a string');
    return new PdfString(out.slice(0, count), true);
  }

  /**
   * A hex string of an even number of digits and nothing else, as signatures' /Contents are
   * written, decoded natively: the loop below, run once in a cold process, took about 15 ms of
   * `countersign pdf verify` on six signatures. Undefined (nothing consumed) for any other.
   */
  private parsePlainHex(end: number): PdfString | undefined {
    const length = end - this.pos;
    if (length % 2 !== 0 || length / 2 > this.limits.maxStringBytes) return undefined;
    const digits = this.text.toString('latin1', this.pos, end);
    if (!HEX_DIGITS_ONLY.test(digits)) return undefined;
    this.pos = end + 1;
    return new PdfString(new Uint8Array(Buffer.from(digits, 'hex')), true);
  }

  /** Enters an array or dictionary, refusing nesting deeper than the limit. */
  private enter(): void {
    if (++this.depth > this.limits.maxNestingDepth)
      throw new PdfError(
        'pdf.limit.nesting_depth',
        `arrays and dictionaries nest deeper than ${this.limits.maxNestingDepth} levels at byte ${this.pos}`,
      );
  }

  private parseArray(): PdfObject[] {
    this.pos++;
    this.enter();
    const items: PdfObject[] = [];
    for (;;) {
      this.skipWhitespace();
      const byte = this.bytes[this.pos];
      if (byte === undefined) this.fail('unterminated array');
      if (byte === 0x5d) {
        this.pos++;
        this.depth--;
        return items;
      }
      if (items.length === this.limits.maxArrayLength)
        throw new PdfError(
          'pdf.limit.array_length',
          `an array at byte ${this.pos} has more than ${this.limits.maxArrayLength} items`,
        );
      items.push(this.parseNested());
    }
  }

  private parseDictOrStream(): PdfDict | PdfStream {
    this.pos += 2;
    this.enter();
    const dict = new PdfDict();
    for (;;) {
      this.skipWhitespace();
      const byte = this.bytes[this.pos];
      if (byte === undefined) this.fail('unterminated dictionary');
      if (byte === 0x3e && this.bytes[this.pos + 1] === 0x3e) {
        this.pos += 2;
        this.depth--;
        break;
      }
      if (byte !== 0x2f) this.fail('dictionary key is not a name');
      const key = this.parseName().name;
      dict.set(key, this.parseNested());
    }
    if (this.peekWord() !== 'stream') return dict;
    this.readWord();
    // The keyword is followed by CRLF or LF (7.3.8.1); tolerate a lone CR.
    if (this.bytes[this.pos] === 0x0d) this.pos++;
    if (this.bytes[this.pos] === 0x0a) this.pos++;
    const start = this.pos;
    const length = this.lookUpLength(dict.get('Length'));
    let end = length === undefined ? -1 : start + length;
    if (end < 0 || end > this.bytes.length || !this.isEndStreamAt(end)) end = this.findEndStream(start);
    this.pos = end;
    this.skipWhitespace();
    this.readWord(); // endstream
    return new PdfStream(dict, this.bytes.subarray(start, end));
  }

  private lookUpLength(value: PdfObject | undefined): number | undefined {
    if (typeof value === 'number') return value;
    if (value instanceof PdfRef && this.resolveLength) return this.resolveLength(value);
    return undefined;
  }

  private isEndStreamAt(end: number): boolean {
    let at = end;
    while (isWhitespace(this.bytes[at])) at++;
    return Buffer.from(this.bytes.subarray(at, at + 9)).toString('latin1') === 'endstream';
  }

  private findEndStream(start: number): number {
    const marker = Buffer.from('endstream', 'latin1');
    const found = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length).indexOf(
      marker,
      start,
    );
    if (found < 0) this.fail('stream without endstream');
    let end = found;
    // The EOL before endstream is not part of the data.
    if (this.bytes[end - 1] === 0x0a) end--;
    if (this.bytes[end - 1] === 0x0d) end--;
    return Math.max(start, end);
  }

  /** Parses "num gen obj ... endobj" at the current position. */
  parseIndirectObject(): IndirectObject {
    const num = this.readInteger();
    const gen = this.readInteger();
    if (this.readWord() !== 'obj') this.fail('expected "obj"');
    this.skipWhitespace();
    // An empty object body ("1 0 obj endobj") is read as null, as other readers do.
    const value = this.peekWord() === 'endobj' ? null : this.parseObject();
    return { num, gen, value };
  }
}
