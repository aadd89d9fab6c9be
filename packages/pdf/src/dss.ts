// The Document Security Store (ETSI EN 319 142-1, 5.4.2.2; ISO 32000-2, 12.8.4.3): long-term
// validation data (certificates, OCSP responses, CRLs) added in one incremental revision and
// deduplicated against what the file already holds.

import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfName, PdfRef, PdfStream } from './objects.js';
import type { PdfObject } from './objects.js';
import { PdfFile } from './pdf-file.js';

export interface ValidationData {
  certificates: Uint8Array[];
  ocspResponses: Uint8Array[];
  crls: Uint8Array[];
}

const KEYS = [
  ['Certs', 'certificates'],
  ['OCSPs', 'ocspResponses'],
  ['CRLs', 'crls'],
] as const;

function fingerprint(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function readDssOf(file: PdfFile): ValidationData {
  const dss = file.lookupDict(file.catalog(), 'DSS');
  const data: ValidationData = { certificates: [], ocspResponses: [], crls: [] };
  for (const [key, field] of KEYS) {
    for (const item of file.lookupArray(dss, key) ?? []) {
      const stream = file.resolve(item);
      if (stream instanceof PdfStream) data[field].push(file.decode(stream));
    }
  }
  return data;
}

export function readDss(bytes: Uint8Array): ValidationData {
  return readDssOf(PdfFile.open(bytes));
}

/** Makes the DSS dictionary editable in `update`, creating it (and pointing the catalog at it) if needed. */
function openDss(update: IncrementalUpdate): PdfDict {
  const file = update.file;
  const current = file.catalog().get('DSS');
  if (current instanceof PdfRef && file.resolve(current) instanceof PdfDict) return update.edit(current);
  if (current instanceof PdfDict) return update.edit(file.rootRef).get('DSS') as PdfDict;
  const dss = new PdfDict({ Type: new PdfName('DSS') });
  update.edit(file.rootRef).set('DSS', update.add(dss));
  return dss;
}

function openArray(update: IncrementalUpdate, dss: PdfDict, key: string): PdfObject[] {
  const value = dss.get(key);
  if (value instanceof PdfRef && Array.isArray(update.file.resolve(value))) return update.editArray(value);
  if (Array.isArray(value)) return value;
  const array: PdfObject[] = [];
  dss.set(key, array);
  return array;
}

/** Returns the input unchanged when everything in `data` is already in the file. */
export function appendDss(bytes: Uint8Array, data: ValidationData): Uint8Array {
  const file = PdfFile.open(bytes);
  const existing = readDssOf(file);
  const update = new IncrementalUpdate(file);
  let dss: PdfDict | undefined;
  for (const [key, field] of KEYS) {
    const seen = new Set(existing[field].map(fingerprint));
    const fresh = data[field].filter((item) => {
      const id = fingerprint(item);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    if (fresh.length === 0) continue;
    dss ??= openDss(update);
    const array = openArray(update, dss, key);
    for (const item of fresh) {
      const stream = new PdfStream(new PdfDict({ Filter: new PdfName('FlateDecode') }), deflateSync(item));
      array.push(update.add(stream));
    }
  }
  return update.isEmpty ? bytes : update.write().bytes;
}
