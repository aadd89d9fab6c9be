// Appends one incremental update (ISO 32000-1 section 7.5.6): only the objects that change, a
// new xref section (a stream when the previous section was one, a table otherwise) and a
// trailer whose /Prev names the previous section. The input bytes are never touched.

import { deflateSync } from 'node:zlib';
import { PdfDict, PdfName, PdfRef, PdfStream, cloneObject } from './objects.js';
import type { PdfObject } from './objects.js';
import type { PdfFile } from './pdf-file.js';
import { serializeIndirectObject, serializeObject } from './serializer.js';

export interface WrittenUpdate {
  bytes: Uint8Array;
  /** Where each written object starts in `bytes`, by object number. */
  offsets: Map<number, number>;
}

export class IncrementalUpdate {
  private readonly objects = new Map<number, { ref: PdfRef; value: PdfObject }>();
  private nextNumber: number;

  constructor(readonly file: PdfFile) {
    this.nextNumber = file.size;
  }

  get isEmpty(): boolean {
    return this.objects.size === 0;
  }

  /** Adds a new indirect object and returns its reference. */
  add(value: PdfObject): PdfRef {
    const ref = new PdfRef(this.nextNumber++, 0);
    this.objects.set(ref.num, { ref, value });
    return ref;
  }

  /** Replaces an existing object (keeping its generation) with a new value. */
  replace(ref: PdfRef, value: PdfObject): void {
    this.objects.set(ref.num, { ref, value });
  }

  /** An editable copy of an existing dictionary; editing it twice returns the same copy. */
  edit(ref: PdfRef): PdfDict {
    const pending = this.objects.get(ref.num);
    if (pending && pending.value instanceof PdfDict) return pending.value;
    const current = this.file.getObject(ref.num);
    const copy = current instanceof PdfDict ? cloneObject(current) : new PdfDict();
    this.objects.set(ref.num, { ref, value: copy });
    return copy;
  }

  /** An editable copy of an existing array object. */
  editArray(ref: PdfRef): PdfObject[] {
    const pending = this.objects.get(ref.num);
    if (pending && Array.isArray(pending.value)) return pending.value;
    const current = this.file.getObject(ref.num);
    const copy = Array.isArray(current) ? cloneObject(current) : [];
    this.objects.set(ref.num, { ref, value: copy });
    return copy;
  }

  /** The pending value of an object written in this update, if any. */
  pending(num: number): PdfObject | undefined {
    return this.objects.get(num)?.value;
  }

  write(): WrittenUpdate {
    const original = this.file.bytes;
    const chunks: Uint8Array[] = [original];
    let length = original.length;
    const push = (chunk: Uint8Array): void => {
      chunks.push(chunk);
      length += chunk.length;
    };
    const last = original[original.length - 1];
    if (last !== 0x0a && last !== 0x0d) push(Buffer.from('\n', 'latin1'));

    const offsets = new Map<number, number>();
    const sorted = [...this.objects.values()].sort((a, b) => a.ref.num - b.ref.num);
    for (const { ref, value } of sorted) {
      offsets.set(ref.num, length);
      push(serializeIndirectObject(ref, value));
    }
    const previous = this.file.sections[0]!;
    if (previous.kind === 'stream') this.writeXrefStream(sorted, offsets, length, push);
    else this.writeXrefTable(sorted, offsets, length, push);
    return { bytes: Buffer.concat(chunks, length), offsets };
  }

  private trailerBase(size: number): PdfDict {
    const old = this.file.trailer;
    const trailer = new PdfDict();
    trailer.set('Size', size);
    for (const key of ['Root', 'Info', 'ID']) {
      const value = old.get(key);
      if (value !== undefined) trailer.set(key, value);
    }
    trailer.set('Prev', this.file.startxref);
    return trailer;
  }

  private writeXrefTable(
    sorted: { ref: PdfRef }[],
    offsets: Map<number, number>,
    xrefOffset: number,
    push: (chunk: Uint8Array) => void,
  ): void {
    let text = 'xref\n';
    for (const group of groupConsecutive(sorted.map((item) => item.ref))) {
      text += `${group[0]!.num} ${group.length}\n`;
      for (const ref of group) {
        // Each entry is exactly 20 bytes (7.5.4).
        text += `${String(offsets.get(ref.num)).padStart(10, '0')} ${String(ref.gen).padStart(5, '0')} n\r\n`;
      }
    }
    const trailer = this.trailerBase(this.nextNumber);
    text += `trailer\n${serializeObject(trailer)}\nstartxref\n${xrefOffset}\n%%EOF\n`;
    push(Buffer.from(text, 'latin1'));
  }

  private writeXrefStream(
    sorted: { ref: PdfRef }[],
    offsets: Map<number, number>,
    xrefOffset: number,
    push: (chunk: Uint8Array) => void,
  ): void {
    const xrefRef = new PdfRef(this.nextNumber++, 0);
    offsets.set(xrefRef.num, xrefOffset);
    const refs = [...sorted.map((item) => item.ref), xrefRef];
    const offsetWidth = Math.max(4, Math.ceil(Math.log2(xrefOffset + 2) / 8));
    const rows: number[] = [];
    for (const ref of refs) {
      const offset = offsets.get(ref.num)!;
      rows.push(1);
      for (let i = offsetWidth - 1; i >= 0; i--) rows.push(Math.floor(offset / 256 ** i) % 256);
      rows.push((ref.gen >> 8) & 0xff, ref.gen & 0xff);
    }
    const index: PdfObject[] = [];
    for (const group of groupConsecutive(refs)) index.push(group[0]!.num, group.length);
    const dict = this.trailerBase(this.nextNumber);
    dict.set('Type', new PdfName('XRef'));
    dict.set('W', [1, offsetWidth, 2]);
    dict.set('Index', index);
    dict.set('Filter', new PdfName('FlateDecode'));
    const stream = new PdfStream(dict, deflateSync(Uint8Array.from(rows)));
    push(serializeIndirectObject(xrefRef, stream));
    push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
  }
}

function groupConsecutive(refs: PdfRef[]): PdfRef[][] {
  const groups: PdfRef[][] = [];
  for (const ref of refs) {
    const group = groups[groups.length - 1];
    const tail = group?.[group.length - 1];
    if (group && tail && tail.num + 1 === ref.num) group.push(ref);
    else groups.push([ref]);
  }
  return groups;
}
