// Finds every signed signature field of the final revision and extracts what a validator needs:
// /ByteRange, the DER of /Contents without its zero padding, /M and the DocMDP permissions of a
// certification signature (ISO 32000-1 sections 12.8.1 and 12.8.2.2).

import { PdfError } from './errors.js';
import { listSignatureFields } from './form.js';
import { PdfDict, PdfName, PdfString, decodeTextString, isName } from './objects.js';
import type { PdfObject } from './objects.js';
import { parsePdfDate } from './pdf-date.js';
import { PdfFile } from './pdf-file.js';

export interface EmbeddedSignature {
  fieldName: string;
  kind: 'signature' | 'document-timestamp';
  subFilter: string;
  byteRange: [number, number, number, number];
  contents: Uint8Array;
  signedRevisionLength: number;
  coversWholeFile: boolean;
  signingTime?: Date;
  name?: string;
  reason?: string;
  location?: string;
  docMdpPermissions?: 1 | 2 | 3;
}

/** The DER length of a value that starts at 0 (tag, length, content); undefined if it is not DER. */
export function measureDer(bytes: Uint8Array): number | undefined {
  if (bytes.length < 2) return undefined;
  const first = bytes[1]!;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  if (count === 0 || count > 4 || bytes.length < 2 + count) return undefined;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + bytes[2 + i]!;
  return 2 + count + length;
}

function stripPadding(bytes: Uint8Array): Uint8Array {
  const length = measureDer(bytes);
  if (length !== undefined && length <= bytes.length) return bytes.subarray(0, length);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}

function readDocMdp(file: PdfFile, signature: PdfDict): 1 | 2 | 3 | undefined {
  for (const item of file.lookupArray(signature, 'Reference') ?? []) {
    const reference = file.resolve(item);
    if (!(reference instanceof PdfDict) || !isName(file.resolve(reference.get('TransformMethod')), 'DocMDP'))
      continue;
    const params = file.lookupDict(reference, 'TransformParams');
    const permission = file.lookup(params, 'P');
    // /P defaults to 2 (12.8.2.2, table 254).
    return permission === 1 || permission === 3 ? permission : 2;
  }
  return undefined;
}

function readByteRange(
  file: PdfFile,
  value: PdfObject | undefined,
): [number, number, number, number] | undefined {
  const array = file.resolve(value);
  if (!Array.isArray(array) || array.length !== 4) return undefined;
  const numbers = array.map((item) => file.resolve(item));
  return numbers.every((item) => typeof item === 'number')
    ? (numbers as [number, number, number, number])
    : undefined;
}

export function readSignaturesOf(file: PdfFile): EmbeddedSignature[] {
  const signatures: EmbeddedSignature[] = [];
  for (const field of listSignatureFields(file)) {
    const value = field.value;
    if (!(value instanceof PdfDict)) continue;
    const byteRange = readByteRange(file, value.get('ByteRange'));
    const contents = file.resolve(value.get('Contents'));
    if (!byteRange || !(contents instanceof PdfString)) continue;
    const subFilter = file.resolve(value.get('SubFilter'));
    const subFilterName = subFilter instanceof PdfName ? subFilter.name : '';
    const isTimestamp =
      isName(file.resolve(value.get('Type')), 'DocTimeStamp') || subFilterName === 'ETSI.RFC3161';
    const signedRevisionLength = byteRange[2] + byteRange[3];
    const signature: EmbeddedSignature = {
      fieldName: field.name,
      kind: isTimestamp ? 'document-timestamp' : 'signature',
      subFilter: subFilterName,
      byteRange,
      contents: stripPadding(contents.bytes),
      signedRevisionLength,
      coversWholeFile: signedRevisionLength === file.bytes.length,
    };
    const signingTime = parsePdfDate(decodeTextString(file.resolve(value.get('M'))));
    if (signingTime) signature.signingTime = signingTime;
    for (const key of ['Name', 'Reason', 'Location'] as const) {
      const text = decodeTextString(file.resolve(value.get(key)));
      if (text !== undefined) signature[key.toLowerCase() as 'name' | 'reason' | 'location'] = text;
    }
    const docMdp = readDocMdp(file, value);
    if (docMdp !== undefined) signature.docMdpPermissions = docMdp;
    signatures.push(signature);
  }
  return signatures;
}

export function readSignatures(bytes: Uint8Array): EmbeddedSignature[] {
  return readSignaturesOf(PdfFile.open(bytes));
}

/** Refuses to change a document whose certification signature allows no changes (DocMDP P=1). */
export function assertChangesAllowed(file: PdfFile): void {
  if (readSignaturesOf(file).some((signature) => signature.docMdpPermissions === 1)) {
    throw new PdfError(
      'pdf.certified_no_changes',
      'a certification signature forbids any change to this document',
    );
  }
}
