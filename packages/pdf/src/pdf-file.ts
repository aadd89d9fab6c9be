// A lazy view of one PDF file: header, trailer and xref chain are read up front; objects are
// parsed on first use (from their offset or from their object stream) and cached. Views of
// several revisions of one file (revisions.ts) share what they read: an xref section, an object
// at an offset and an object stream are the same bytes in every revision that holds them.

import { PdfError } from './errors.js';
import { decodeStream } from './filters.js';
import { InflateBudget, pdfLimits } from './limits.js';
import { PdfDict, PdfRef, PdfStream } from './objects.js';
import type { PdfObject } from './objects.js';
import { PdfParser } from './parser.js';
import { checkHeader, countRevisions, findStartXref, mergeSections, readXrefChain } from './xref.js';
import type { XrefLookup, XrefSection } from './xref.js';

interface ObjectStreamIndex {
  parser: PdfParser;
  first: number;
  offsets: number[];
  /** the objects parsed from it so far, by index */
  objects: Map<number, PdfObject>;
}

/** What views of revisions of one file share, keyed by where it is in the file. */
export interface SharedReads {
  sections: Map<number, XrefSection>;
  /** objects by the offset of their `N G obj`, with their number */
  objects: Map<number, { num: number; value: PdfObject }>;
  /** object streams by the offset of the stream object */
  objectStreams: Map<number, ObjectStreamIndex>;
}

export function createSharedReads(): SharedReads {
  return { sections: new Map(), objects: new Map(), objectStreams: new Map() };
}

export class PdfFile {
  readonly startxref: number;
  readonly sections: XrefSection[];
  readonly entries: XrefLookup;
  readonly trailer: PdfDict;
  /** An older xref section could not be read; objects it should list are found by scanning. */
  readonly isDamaged: boolean;
  private readonly cache = new Map<number, PdfObject>();
  private readonly objectStreams = new Map<number, ObjectStreamIndex>();
  private readonly loading = new Set<number>();
  private scannedOffsets: Map<number, number> | undefined;
  /** object numbers read while recording (recordReads) */
  private reads: Set<number> | undefined;
  /** What the streams read from this file may still inflate to (limits.ts). */
  private readonly budget = new InflateBudget();

  private constructor(
    readonly bytes: Uint8Array,
    private readonly shared?: SharedReads,
  ) {
    checkHeader(bytes);
    this.startxref = findStartXref(bytes);
    const chain = readXrefChain(bytes, this.startxref, shared?.sections, this.budget);
    this.sections = chain.sections;
    this.isDamaged = chain.isDamaged;
    this.entries = mergeSections(this.sections);
    this.trailer = this.sections[0]!.trailer;
    if (this.sections.some((section) => section.trailer.has('Encrypt'))) {
      throw new PdfError('pdf.encrypted', 'the document is encrypted');
    }
    if (!(this.trailer.get('Root') instanceof PdfRef))
      throw new PdfError('pdf.corrupt', 'trailer has no /Root');
  }

  /**
   * Opens a file; every failure to read it becomes a PdfError with a stable code. `shared`: what
   * views of other revisions of the same file have read already.
   */
  static open(bytes: Uint8Array, shared?: SharedReads): PdfFile {
    try {
      return new PdfFile(bytes, shared);
    } catch (error) {
      if (error instanceof PdfError) throw error;
      // what went wrong inside is for the logs of whoever debugs the reader, not for the caller
      throw new PdfError('pdf.corrupt', 'the document structure cannot be read');
    }
  }

  get revisionCount(): number {
    return countRevisions(this.sections);
  }

  /** One more than the highest object number in use: where new objects start. */
  get size(): number {
    const declared = this.trailer.get('Size');
    let size = Math.max(typeof declared === 'number' ? declared : 0, this.entries.maxNumber + 1);
    if (this.isDamaged) for (const num of this.scanObjectOffsets().keys()) size = Math.max(size, num + 1);
    return size;
  }

  get rootRef(): PdfRef {
    return this.trailer.get('Root') as PdfRef;
  }

  catalog(): PdfDict {
    const catalog = this.getObject(this.rootRef.num);
    if (!(catalog instanceof PdfDict)) throw new PdfError('pdf.corrupt', 'the catalog is not a dictionary');
    return catalog;
  }

  resolve(value: PdfObject | undefined): PdfObject | undefined {
    let current = value;
    for (let depth = 0; current instanceof PdfRef && depth < 32; depth++)
      current = this.getObject(current.num);
    return current instanceof PdfRef ? null : current;
  }

  /** A dictionary entry with references followed. */
  lookup(dict: PdfDict | undefined, key: string): PdfObject | undefined {
    return dict ? this.resolve(dict.get(key)) : undefined;
  }

  lookupDict(dict: PdfDict | undefined, key: string): PdfDict | undefined {
    const value = this.lookup(dict, key);
    if (value instanceof PdfDict) return value;
    return value instanceof PdfStream ? value.dict : undefined;
  }

  lookupArray(dict: PdfDict | undefined, key: string): PdfObject[] | undefined {
    const value = this.lookup(dict, key);
    return Array.isArray(value) ? value : undefined;
  }

  decode(stream: PdfStream): Uint8Array {
    return decodeStream(stream, (value) => this.resolve(value), this.budget);
  }

  /** Runs `action` and returns, with its result, the numbers of every object it read. */
  recordReads<T>(action: () => T): { result: T; reads: Set<number> } {
    const outer = this.reads;
    const reads = new Set<number>();
    this.reads = reads;
    try {
      return { result: action(), reads };
    } finally {
      this.reads = outer;
      if (outer) for (const num of reads) outer.add(num);
    }
  }

  getObject(num: number): PdfObject {
    this.reads?.add(num);
    const cached = this.cache.get(num);
    if (cached !== undefined) return cached;
    if (this.loading.has(num))
      throw new PdfError('pdf.corrupt', `object ${num} refers to itself while loading`);
    this.loading.add(num);
    try {
      const value = this.loadObject(num);
      this.cache.set(num, value);
      return value;
    } catch (error) {
      if (error instanceof PdfError) throw error;
      throw new PdfError('pdf.corrupt', `object ${num} cannot be read`);
    } finally {
      this.loading.delete(num);
    }
  }

  private loadObject(num: number): PdfObject {
    const entry = this.entries.get(num);
    if (!entry && this.isDamaged) {
      const scanned = this.scanObjectOffsets().get(num);
      return scanned === undefined ? null : (this.parseAt(scanned, num) ?? null);
    }
    // A missing or free object is null (7.3.10).
    if (!entry || entry.type === 0) return null;
    if (entry.type === 2) return this.loadFromObjectStream(entry.stream, entry.index, num);
    const found = this.parseAt(entry.offset, num);
    if (found !== undefined) return found;
    // Offsets that are slightly off are common; find the object by scanning once, as viewers do.
    const scanned = this.scanObjectOffsets().get(num);
    const recovered = scanned === undefined ? undefined : this.parseAt(scanned, num);
    if (recovered === undefined)
      throw new PdfError('pdf.corrupt', `object ${num} is not where the xref says`);
    return recovered;
  }

  private parseAt(offset: number, num: number): PdfObject | undefined {
    if (offset < 0 || offset >= this.bytes.length) return undefined;
    const known = this.shared?.objects.get(offset);
    if (known) return known.num === num ? known.value : undefined;
    // a stream whose /Length is another object depends on this revision's version of it
    let isSelfContained = true;
    const parser = new PdfParser(this.bytes, offset, (ref) => {
      isSelfContained = false;
      return this.resolveLength(ref);
    });
    try {
      const object = parser.parseIndirectObject();
      if (isSelfContained) this.shared?.objects.set(offset, { num: object.num, value: object.value });
      return object.num === num ? object.value : undefined;
    } catch (error) {
      if (error instanceof PdfError && error.code === 'pdf.corrupt') return undefined;
      throw error;
    }
  }

  private resolveLength(ref: PdfRef): number | undefined {
    const value = this.loading.has(ref.num) ? undefined : this.resolve(ref);
    return typeof value === 'number' ? value : undefined;
  }

  private scanObjectOffsets(): Map<number, number> {
    if (this.scannedOffsets) return this.scannedOffsets;
    const offsets = new Map<number, number>();
    const text = Buffer.from(this.bytes).toString('latin1');
    const pattern = /(?:^|[\r\n\s>])(\d+)\s+(\d+)\s+obj\b/g;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const at = match.index + (/\d/.test(match[0][0]!) ? 0 : 1);
      offsets.set(Number(match[1]), at);
    }
    this.scannedOffsets = offsets;
    return offsets;
  }

  private loadFromObjectStream(streamNum: number, index: number, num: number): PdfObject {
    const streamEntry = this.entries.get(streamNum);
    const sharedKey = streamEntry?.type === 1 ? streamEntry.offset : undefined;
    let objectStream =
      this.objectStreams.get(streamNum) ??
      (sharedKey === undefined ? undefined : this.shared?.objectStreams.get(sharedKey));
    if (!objectStream) {
      const stream = this.getObject(streamNum);
      if (!(stream instanceof PdfStream))
        throw new PdfError('pdf.corrupt', `object stream ${streamNum} is missing`);
      const data = this.decode(stream);
      const count = this.resolve(stream.dict.get('N'));
      const first = this.resolve(stream.dict.get('First'));
      if (typeof count !== 'number' || typeof first !== 'number') {
        throw new PdfError('pdf.corrupt', `object stream ${streamNum} lacks /N or /First`);
      }
      const { maxObjects } = pdfLimits();
      if (count > maxObjects)
        throw new PdfError(
          'pdf.limit.object_count',
          `object stream ${streamNum} holds more than ${maxObjects} objects`,
        );
      const parser = new PdfParser(data, 0);
      const offsets: number[] = [];
      for (let i = 0; i < count; i++) {
        parser.readInteger();
        offsets.push(parser.readInteger());
      }
      objectStream = { parser, first, offsets, objects: new Map() };
      // shared only when the stream object itself is (its /Length is its own)
      if (sharedKey !== undefined && this.shared?.objects.has(sharedKey))
        this.shared.objectStreams.set(sharedKey, objectStream);
    }
    this.objectStreams.set(streamNum, objectStream);
    const known = objectStream.objects.get(index);
    if (known !== undefined) return known;
    const offset = objectStream.offsets[index];
    if (offset === undefined) throw new PdfError('pdf.corrupt', `object ${num} is not in its object stream`);
    objectStream.parser.pos = objectStream.first + offset;
    const value = objectStream.parser.parseObject();
    objectStream.objects.set(index, value);
    return value;
  }
}
