// Writes PDF objects back to bytes (ISO 32000-1 section 7.3) for the incremental writer.
// Output is plain ASCII apart from stream data, so positions in the text equal byte offsets.

import { PdfDict, PdfName, PdfRaw, PdfRef, PdfStream, PdfString } from './objects.js';
import type { PdfObject } from './objects.js';

export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  if (!Number.isFinite(value)) return '0';
  // PDF has no exponent notation; six decimals are well below a device pixel.
  const fixed = value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '-0' ? '0' : fixed;
}

function formatName(name: string): string {
  let out = '/';
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    const isPlain = code > 0x20 && code < 0x7f && !'()<>[]{}/%#'.includes(name[i]!);
    out += isPlain ? name[i] : `#${code.toString(16).padStart(2, '0')}`;
  }
  return out;
}

function formatString(value: PdfString): string {
  if (value.isHex) return `<${Buffer.from(value.bytes).toString('hex')}>`;
  let out = '(';
  for (const byte of value.bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** Serializes a direct object (anything but a stream) to its text form. */
export function serializeObject(value: PdfObject): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return formatNumber(value);
  if (value instanceof PdfName) return formatName(value.name);
  if (value instanceof PdfString) return formatString(value);
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (value instanceof PdfRaw) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => serializeObject(item)).join(' ')}]`;
  if (value instanceof PdfDict) {
    const parts: string[] = [];
    for (const [key, item] of value.entries) parts.push(`${formatName(key)} ${serializeObject(item)}`);
    return `<<${parts.join(' ')}>>`;
  }
  if (value instanceof PdfStream) throw new TypeError('a stream can only be written as an indirect object');
  throw new TypeError('unknown PDF object');
}

/** Serializes "num gen obj ... endobj", with stream data appended unchanged. */
export function serializeIndirectObject(ref: PdfRef, value: PdfObject): Uint8Array {
  if (value instanceof PdfStream) {
    const dict = new PdfDict();
    for (const [key, item] of value.dict.entries) dict.set(key, item);
    dict.set('Length', value.data.length);
    return Buffer.concat([
      Buffer.from(`${ref.num} ${ref.gen} obj\n${serializeObject(dict)}\nstream\n`, 'latin1'),
      value.data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
  }
  return Buffer.from(`${ref.num} ${ref.gen} obj\n${serializeObject(value)}\nendobj\n`, 'latin1');
}
