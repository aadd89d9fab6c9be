// Minimal DER encoding and TLV slicing for the CMS structures we build on every signature.
// Building goes straight to bytes (the hot path); parsing of foreign CMS goes through pkijs,
// and this reader is only used where the exact received bytes matter (signed attributes, names).

export type Der = Uint8Array;

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const digits: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) digits.unshift(rest % 256);
  return Uint8Array.of(0x80 | digits.length, ...digits);
}

/** One tag-length-value with a single identifier octet (all tags we write are below 31). */
export function encodeTlv(tag: number, ...content: Uint8Array[]): Der {
  const value = concatBytes(content);
  return concatBytes([Uint8Array.of(tag), encodeLength(value.length), value]);
}

export const encodeSequence = (...items: Der[]): Der => encodeTlv(0x30, ...items);

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * SET OF in DER orders the element encodings as octet strings (X.690 11.6). Verifiers such as
 * OpenSSL re-encode signed attributes before checking the signature, so the order matters.
 */
export function encodeSetOf(items: readonly Der[], tag = 0x31): Der {
  return encodeTlv(tag, ...[...items].sort(compareBytes));
}

/** [n] EXPLICIT wraps the complete inner encoding. */
export const encodeExplicit = (tagNumber: number, inner: Der): Der => encodeTlv(0xa0 | tagNumber, inner);

export function encodeObjectIdentifier(dotted: string): Der {
  const arcs = dotted.split('.').map((arc) => BigInt(arc));
  const [first = 0n, second = 0n, ...rest] = arcs;
  const bytes: number[] = [];
  for (const arc of [first * 40n + second, ...rest]) {
    const group: number[] = [Number(arc & 0x7fn)];
    for (let value = arc >> 7n; value > 0n; value >>= 7n) group.unshift(Number(value & 0x7fn) | 0x80);
    bytes.push(...group);
  }
  return encodeTlv(0x06, Uint8Array.from(bytes));
}

/** INTEGER from a non-negative number; the serial numbers we copy are taken as raw TLVs instead. */
export function encodeSmallInteger(value: number): Der {
  const digits: number[] = [];
  let rest = value;
  do {
    digits.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  } while (rest > 0);
  if (digits[0]! >= 0x80) digits.unshift(0);
  return encodeTlv(0x02, Uint8Array.from(digits));
}

export const encodeOctetString = (value: Uint8Array): Der => encodeTlv(0x04, value);
export const encodeNull = (): Der => Uint8Array.of(0x05, 0x00);

/** Where one TLV sits in a buffer: `start`/`end` delimit the value, `offset` the whole TLV. */
export interface Tlv {
  tag: number;
  offset: number;
  start: number;
  end: number;
}

export function readTlv(bytes: Uint8Array, offset: number): Tlv {
  const tag = bytes[offset];
  const first = bytes[offset + 1];
  if (tag === undefined || first === undefined) throw new RangeError('DER: truncated header');
  if ((tag & 0x1f) === 0x1f) throw new RangeError('DER: multi-byte tags are not used here');
  let start = offset + 2;
  let length = first;
  if (first === 0x80) throw new RangeError('DER: indefinite length');
  if (first > 0x80) {
    const count = first & 0x7f;
    if (count > 4) throw new RangeError('DER: length too large');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[start + i] ?? 0);
    start += count;
  }
  const end = start + length;
  if (end > bytes.length) throw new RangeError('DER: value runs past the end');
  return { tag, offset, start, end };
}

/** The TLVs directly inside a constructed value. */
export function readChildren(bytes: Uint8Array, parent: Tlv): Tlv[] {
  const children: Tlv[] = [];
  for (let offset = parent.start; offset < parent.end;) {
    const child = readTlv(bytes, offset);
    children.push(child);
    offset = child.end;
  }
  return children;
}

export const sliceTlv = (bytes: Uint8Array, tlv: Tlv): Uint8Array => bytes.subarray(tlv.offset, tlv.end);
