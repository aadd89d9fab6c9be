// Reads the cross-reference chain (ISO 32000-1 sections 7.5.4 to 7.5.8): the last startxref,
// classic tables, xref streams, hybrid files (/XRefStm) and the /Prev links of incremental
// updates and linearized files. Nothing but the xref data and trailers is parsed here.

import { PdfError } from './errors.js';
import { decodeStream } from './filters.js';
import { InflateBudget, pdfLimits } from './limits.js';
import { PdfDict, PdfRef, PdfStream, isName } from './objects.js';
import type { PdfObject } from './objects.js';
import { PdfParser } from './parser.js';
import { LayeredXrefEntries, XrefEntriesBuilder, type XrefEntries, type XrefLookup } from './xref-entries.js';

export type { XrefEntry, XrefLookup } from './xref-entries.js';

export interface XrefSection {
  offset: number;
  kind: 'table' | 'stream';
  trailer: PdfDict;
  entries: XrefEntries;
}

const TAIL_SEARCH = 4096;

/** Refuses a section that declares objects up to `end` when the limit allows fewer. */
function checkObjectCount(end: number): void {
  const { maxObjects } = pdfLimits();
  if (end > maxObjects)
    throw new PdfError('pdf.limit.object_count', `the document declares more than ${maxObjects} objects`);
}

/** A limit's refusal ends the reading; other errors in an older section only mark it damaged. */
export const isLimitError = (error: unknown): boolean =>
  error instanceof PdfError && error.code.startsWith('pdf.limit.');

export function checkHeader(bytes: Uint8Array): void {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new PdfError('pdf.not_pdf', 'no %PDF- header');
}

/** The offset named by the last `startxref` in the file. */
export function findStartXref(bytes: Uint8Array): number {
  const tailStart = Math.max(0, bytes.length - TAIL_SEARCH);
  const tail = Buffer.from(bytes.subarray(tailStart)).toString('latin1');
  const at = tail.lastIndexOf('startxref');
  if (at < 0) throw new PdfError('pdf.truncated', 'no startxref near the end of the file');
  const match = /^startxref\s+(\d+)/.exec(tail.slice(at));
  if (!match) throw new PdfError('pdf.truncated', 'startxref without an offset');
  const offset = Number(match[1]);
  if (offset <= 0 || offset >= bytes.length)
    throw new PdfError('pdf.corrupt', 'startxref points outside the file');
  return offset;
}

const DIGIT_0 = 0x30;
const SPACE = 0x20;
const CR = 0x0d;
const LF = 0x0a;

/** `width` decimal digits at `at`, or -1 when one of them is not a digit. */
function readDigits(bytes: Uint8Array, at: number, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i++) {
    const digit = bytes[at + i]! - DIGIT_0;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Reads `count` entries written as the standard says, 20 bytes each (`oooooooooo ggggg n` and a
 * two-byte end of line, 7.5.4), straight from the bytes. Returns where they end, or undefined at
 * the first entry written otherwise; the caller then reads the rest word by word.
 */
function readFixedEntries(
  bytes: Uint8Array,
  at: number,
  first: number,
  count: number,
  entries: XrefEntriesBuilder,
): { end: number; read: number } {
  let read = 0;
  for (; read < count && at + 20 <= bytes.length; read++, at += 20) {
    const position = readDigits(bytes, at, 10);
    const gen = readDigits(bytes, at + 11, 5);
    const kind = bytes[at + 17];
    const eol = (bytes[at + 18]! << 8) | bytes[at + 19]!;
    const isEol = eol === ((SPACE << 8) | CR) || eol === ((SPACE << 8) | LF) || eol === ((CR << 8) | LF);
    const isWellFormed =
      position >= 0 && gen >= 0 && bytes[at + 10] === SPACE && bytes[at + 16] === SPACE && isEol;
    if (!isWellFormed || (kind !== 0x6e && kind !== 0x66)) break;
    entries.add(first + read, kind === 0x6e ? 1 : 0, position, gen);
  }
  return { end: at, read };
}

function readTable(parser: PdfParser, offset: number): XrefSection {
  // a number listed twice in one table: its first entry counts
  const entries = new XrefEntriesBuilder('first');
  for (;;) {
    const word = parser.peekWord();
    if (word === 'trailer') break;
    if (!/^\d+$/.test(word)) parser.fail('bad xref subsection header');
    const first = parser.readInteger();
    const count = parser.readInteger();
    checkObjectCount(first + count);
    parser.skipWhitespace();
    // room for what the table declares, as far as the bytes left can hold (an entry takes 6 or more)
    entries.reserve(Math.min(count, Math.ceil((parser.bytes.length - parser.pos) / 6)));
    const fixed = readFixedEntries(parser.bytes, parser.pos, first, count, entries);
    parser.pos = fixed.end;
    for (let i = fixed.read; i < count; i++) {
      const position = Number(parser.readWord());
      const gen = Number(parser.readWord());
      const kind = parser.readWord();
      if (!Number.isFinite(position) || !Number.isFinite(gen) || (kind !== 'n' && kind !== 'f')) {
        parser.fail('bad xref table entry');
      }
      entries.add(first + i, kind === 'n' ? 1 : 0, position, gen);
    }
  }
  parser.readWord();
  const trailer = parser.parseObject();
  if (!(trailer instanceof PdfDict)) parser.fail('trailer is not a dictionary');
  return { offset, kind: 'table', trailer, entries: entries.build() };
}

function readNumberField(data: Uint8Array, at: number, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 256 + data[at + i]!;
  return value;
}

function readStream(parser: PdfParser, offset: number, budget: InflateBudget): XrefSection {
  const object = parser.parseIndirectObject().value;
  if (!(object instanceof PdfStream) || !isName(object.dict.get('Type'), 'XRef')) {
    parser.fail('startxref does not point at an xref table or stream');
  }
  const dict = object.dict;
  const direct = (value: PdfObject | undefined): PdfObject | undefined =>
    value instanceof PdfRef ? undefined : value;
  const size = dict.get('Size');
  if (typeof size === 'number') checkObjectCount(size);
  const data = decodeStream(object, direct, budget);
  const widths = dict.get('W');
  if (!Array.isArray(widths) || widths.length < 3 || typeof size !== 'number')
    parser.fail('bad xref stream /W');
  const [w0, w1, w2] = widths.map((w) => (typeof w === 'number' ? w : -1)) as [number, number, number];
  if (w0 < 0 || w1 < 0 || w2 < 0) parser.fail('bad xref stream /W');
  const index = dict.get('Index');
  const ranges = Array.isArray(index) ? index.map((n) => (typeof n === 'number' ? n : 0)) : [0, size];
  for (let r = 0; r + 1 < ranges.length; r += 2) checkObjectCount(ranges[r]! + ranges[r + 1]!);
  const rowLength = w0 + w1 + w2;
  const entries = new XrefEntriesBuilder('last');
  let at = 0;
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    const first = ranges[r]!;
    const count = ranges[r + 1]!;
    for (let i = 0; i < count && at + rowLength <= data.length; i++, at += rowLength) {
      // A zero-width type field means type 1 (7.5.8.2, table 17).
      const type = w0 === 0 ? 1 : readNumberField(data, at, w0);
      const field2 = readNumberField(data, at + w0, w1);
      const field3 = readNumberField(data, at + w0 + w1, w2);
      if (type === 0 || type === 1 || type === 2) entries.add(first + i, type, field2, field3);
    }
  }
  return { offset, kind: 'stream', trailer: dict, entries: entries.build() };
}

/** Reads one section (and, for a hybrid file, the xref stream named by /XRefStm). */
export function readXrefSection(
  bytes: Uint8Array,
  offset: number,
  budget = new InflateBudget(),
): XrefSection {
  const parser = new PdfParser(bytes, offset);
  parser.skipWhitespace();
  const start = parser.pos;
  if (parser.peekWord() === 'xref') {
    parser.readWord();
    const section = readTable(parser, start);
    const hybrid = section.trailer.get('XRefStm');
    if (typeof hybrid === 'number' && hybrid > 0 && hybrid < bytes.length) {
      // In a hybrid file the table's own in-use entries win, then the stream's (7.5.8.4).
      const extra = readStream(new PdfParser(bytes, hybrid), hybrid, budget).entries;
      const both = new XrefEntriesBuilder('first');
      for (const num of section.entries.keys()) {
        const entry = section.entries.get(num)!;
        both.addEntry(num, entry.type === 0 ? (extra.get(num) ?? entry) : entry);
      }
      for (const num of extra.keys()) if (!section.entries.has(num)) both.addEntry(num, extra.get(num)!);
      return { ...section, entries: both.build() };
    }
    return section;
  }
  return readStream(parser, start, budget);
}

/**
 * All sections from the newest (the one startxref names) to the oldest, following /Prev. The
 * newest section must be readable; a broken older one ends the chain and marks the file damaged,
 * so the reader falls back to scanning for objects the remaining sections do not list.
 */
export function readXrefChain(
  bytes: Uint8Array,
  startxref: number,
  known?: Map<number, XrefSection>,
  budget = new InflateBudget(),
): { sections: XrefSection[]; isDamaged: boolean } {
  // `known`: the sections already read from another revision of the same file, by offset
  const read = (offset: number): XrefSection => {
    let section = known?.get(offset);
    if (!section) {
      section = readXrefSection(bytes, offset, budget);
      known?.set(offset, section);
    }
    return section;
  };
  const sections: XrefSection[] = [read(startxref)];
  const seen = new Set<number>([startxref]);
  for (;;) {
    const prev = sections[sections.length - 1]!.trailer.get('Prev');
    if (typeof prev !== 'number' || seen.has(prev)) return { sections, isDamaged: false };
    if (prev <= 0 || prev >= bytes.length) return { sections, isDamaged: true };
    seen.add(prev);
    try {
      sections.push(read(prev));
    } catch (error) {
      if (error instanceof PdfError && !isLimitError(error)) return { sections, isDamaged: true };
      throw error;
    }
  }
}

/**
 * Entries as the newest revision sees them: a newer section overrides an older one. A file of one
 * section keeps that section's entries; otherwise the largest section is read where it is and the
 * others are laid over and under it (xref-entries.ts), never copied entry by entry.
 */
export function mergeSections(sections: XrefSection[]): XrefLookup {
  if (sections.length === 1) return sections[0]!.entries;
  const merged = new LayeredXrefEntries(sections.map((section) => section.entries));
  checkObjectCount(merged.size);
  return merged;
}

/**
 * Counts revisions: every section is one, except the main section of a linearized file, which the
 * first-page section (earlier in the file) names with a forward /Prev (Annex F).
 */
export function countRevisions(sections: XrefSection[]): number {
  let count = 0;
  for (let i = 0; i < sections.length; i++) {
    const previous = sections[i - 1];
    const isLinearizedMain = previous !== undefined && sections[i]!.offset > previous.offset;
    if (!isLinearizedMain) count++;
  }
  return count;
}

/**
 * How many revisions were appended to a file of `baseLength` bytes to make `bytes`, an incremental
 * update of it: the xref sections that start at or after that length, followed newest first.
 */
export function countAppendedRevisions(bytes: Uint8Array, baseLength: number): number {
  const seen = new Set<number>();
  let offset: unknown = findStartXref(bytes);
  while (typeof offset === 'number' && offset >= baseLength && !seen.has(offset)) {
    seen.add(offset);
    offset = readXrefSection(bytes, offset).trailer.get('Prev');
  }
  return seen.size;
}
