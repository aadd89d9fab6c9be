// The staged signing steps on the PDF side (ISO 32000-1 section 12.8.1, ETSI EN 319 142-1):
// prepare one revision with a signature dictionary whose /Contents is a zero placeholder, hash the
// two byte ranges around it, and write the DER into the placeholder without moving a byte.

import { createHash } from 'node:crypto';
import { addVisualAppearance } from './appearance.js';
import type { VisualAppearance } from './appearance.js';
import { PdfError } from './errors.js';
import { fillFormFields, type FormFieldValue } from './fill-form-fields.js';
import { listSignatureFields } from './form.js';
import { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfName, PdfRaw, PdfRef, makeTextString } from './objects.js';
import { formatPdfDate } from './pdf-date.js';
import { PdfFile } from './pdf-file.js';
import { assertChangesAllowed } from './read-signatures.js';
import { addFieldsToUpdate } from './signature-fields.js';
import { readSize } from './text-appearance.js';
import type { SignatureFieldSpec } from './signature-fields.js';

export interface PrepareSignatureOptions {
  fieldName: string;
  kind: 'signature' | 'document-timestamp';
  contentsLength: number;
  signingTime?: Date;
  name?: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  appearance?: VisualAppearance;
  createField?: SignatureFieldSpec;
  /** the signer's own form fields, filled in the same revision (fill-form-fields.ts) */
  formValues?: readonly FormFieldValue[];
}

export interface PreparedSignature {
  bytes: Uint8Array;
  byteRange: [number, number, number, number];
  contentsOffset: number;
  contentsLength: number;
}

// "[0 a b c]" with room for three ten-digit offsets, so filling it in never moves a byte.
const BYTE_RANGE_WIDTH = 34;
const MAX_CONTENTS_LENGTH = 1 << 20;

function buildSignatureDictionary(options: PrepareSignatureOptions): PdfDict {
  const isTimestamp = options.kind === 'document-timestamp';
  const dict = new PdfDict({
    Type: new PdfName(isTimestamp ? 'DocTimeStamp' : 'Sig'),
    Filter: new PdfName('Adobe.PPKLite'),
    SubFilter: new PdfName(isTimestamp ? 'ETSI.RFC3161' : 'ETSI.CAdES.detached'),
    ByteRange: new PdfRaw(`[${'0 0 0 0'.padEnd(BYTE_RANGE_WIDTH)}]`),
    Contents: new PdfRaw(`<${'0'.repeat(options.contentsLength * 2)}>`),
  });
  // PAdES puts the claimed signing time in /M, not in a CMS signing-time attribute.
  if (!isTimestamp) dict.set('M', makeTextString(formatPdfDate(options.signingTime ?? new Date())));
  const texts = { Name: options.name, Reason: options.reason, Location: options.location };
  for (const [key, text] of Object.entries({ ...texts, ContactInfo: options.contactInfo })) {
    if (text) dict.set(key, makeTextString(text));
  }
  return dict;
}

function findWidget(update: IncrementalUpdate, field: PdfDict): PdfRef | undefined {
  if (field.has('Rect')) return undefined;
  const kids = update.file.lookupArray(field, 'Kids');
  const first = kids?.[0];
  return first instanceof PdfRef ? first : undefined;
}

/** Finds or creates the field and returns its (editable) dictionary in the update. */
function openField(update: IncrementalUpdate, options: PrepareSignatureOptions): PdfDict {
  const field = listSignatureFields(update.file).find((candidate) => candidate.name === options.fieldName);
  if (field) {
    if (field.value instanceof PdfDict) {
      throw new PdfError('pdf.field_already_signed', `field "${options.fieldName}" is already signed`);
    }
    if (!field.ref)
      throw new PdfError('pdf.corrupt', `field "${options.fieldName}" is not an indirect object`);
    return update.edit(field.ref);
  }
  if (!options.createField) {
    throw new PdfError('pdf.field_not_found', `no signature field named "${options.fieldName}"`);
  }
  const created = addFieldsToUpdate(update, [{ ...options.createField, name: options.fieldName }]);
  return update.pending(created.get(options.fieldName)!.num) as PdfDict;
}

export function prepareSignature(bytes: Uint8Array, options: PrepareSignatureOptions): PreparedSignature {
  const { contentsLength } = options;
  if (!Number.isInteger(contentsLength) || contentsLength < 1 || contentsLength > MAX_CONTENTS_LENGTH) {
    throw new RangeError(`contentsLength must be an integer from 1 to ${MAX_CONTENTS_LENGTH}`);
  }
  const file = PdfFile.open(bytes);
  assertChangesAllowed(file);
  const update = new IncrementalUpdate(file);
  const field = openField(update, options);
  fillFormFields(update, options.formValues ?? []);
  const signatureRef = update.add(buildSignatureDictionary(options));
  field.set('V', signatureRef);
  if (options.appearance) {
    const widgetRef = findWidget(update, field);
    const widget = widgetRef ? update.edit(widgetRef) : field;
    const [width, height] = readSize(update, widget);
    // An invisible signature (zero-size widget) has nothing to draw into.
    if (width > 0 && height > 0) {
      widget.set('AP', new PdfDict({ N: addVisualAppearance(update, options.appearance, width, height) }));
    }
  }
  const written = update.write();
  return fixByteRange(written.bytes, written.offsets.get(signatureRef.num)!, contentsLength);
}

function fixByteRange(bytes: Uint8Array, objectOffset: number, contentsLength: number): PreparedSignature {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const rangeAt = buffer.indexOf('/ByteRange [', objectOffset, 'latin1') + '/ByteRange '.length;
  const contentsStart = buffer.indexOf('/Contents <', objectOffset, 'latin1') + '/Contents '.length;
  const contentsEnd = contentsStart + contentsLength * 2 + 2;
  const byteRange: [number, number, number, number] = [
    0,
    contentsStart,
    contentsEnd,
    bytes.length - contentsEnd,
  ];
  const text = `[${byteRange.join(' ').padEnd(BYTE_RANGE_WIDTH)}]`;
  buffer.write(text, rangeAt, 'latin1');
  return { bytes: buffer, byteRange, contentsOffset: contentsStart + 1, contentsLength };
}

export function hashByteRange(
  prepared: PreparedSignature,
  algorithm: 'sha256' | 'sha384' | 'sha512' = 'sha256',
): Uint8Array {
  const [start1, length1, start2, length2] = prepared.byteRange;
  const hash = createHash(algorithm);
  hash.update(prepared.bytes.subarray(start1, start1 + length1));
  hash.update(prepared.bytes.subarray(start2, start2 + length2));
  return hash.digest();
}

/**
 * Writes the DER into the placeholder of a copy of the prepared bytes; with `inPlace`, into the
 * prepared bytes themselves, for a caller that owns them and has no further use for them as they
 * were (a copy of a large file costs as much as hashing it).
 */
export function embedSignature(
  prepared: PreparedSignature,
  der: Uint8Array,
  { inPlace = false }: { inPlace?: boolean } = {},
): Uint8Array {
  if (der.length > prepared.contentsLength) {
    throw new PdfError(
      'pdf.signature_too_large',
      `the signature needs ${der.length} bytes but only ${prepared.contentsLength} were reserved`,
    );
  }
  const { bytes } = prepared;
  const out = inPlace ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) : Buffer.from(bytes);
  // Unused room stays as the zeros of the placeholder (12.8.1: padded with zeros).
  out.write(Buffer.from(der).toString('hex'), prepared.contentsOffset, 'latin1');
  return out;
}
