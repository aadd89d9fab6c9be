// A small DER writer and reader. Certificates, CRLs, OCSP responses and time-stamp tokens are
// built on every signature, so they are encoded directly instead of through an object model;
// parsing of untrusted requests goes through pkijs/asn1js instead (see tsa.ts, ocsp.ts).

export type Der = Uint8Array;

function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

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

/** One TLV with the given identifier octet. */
export function encodeTlv(tag: number, ...content: Uint8Array[]): Der {
  const value = concatBytes(content);
  return concatBytes([Uint8Array.of(tag), encodeLength(value.length), value]);
}

export const encodeSequence = (...items: Der[]): Der => encodeTlv(0x30, ...items);

/** SET OF in DER: the encodings are sorted as octet strings (X.690 11.6). */
export function encodeSetOf(...items: Der[]): Der {
  return encodeTlv(0x31, ...[...items].sort(compareBytes));
}

/** [n] IMPLICIT over a constructed value: keeps the content, replaces the tag. */
export function retagImplicit(tagNumber: number, der: Der, isConstructed = true): Der {
  const { start, end } = readTlv(der, 0);
  return encodeTlv((isConstructed ? 0xa0 : 0x80) | tagNumber, der.subarray(start, end));
}

/** [n] EXPLICIT: wraps the whole encoding. */
export const encodeExplicit = (tagNumber: number, der: Der): Der => encodeTlv(0xa0 | tagNumber, der);

export function encodeInteger(value: bigint | number | Uint8Array): Der {
  let bytes: Uint8Array;
  if (value instanceof Uint8Array) {
    let start = 0;
    while (start < value.length - 1 && value[start] === 0 && (value[start + 1]! & 0x80) === 0) start++;
    bytes = value.subarray(start);
    if (bytes.length === 0) bytes = Uint8Array.of(0);
    if ((bytes[0]! & 0x80) !== 0) bytes = concatBytes([Uint8Array.of(0), bytes]);
  } else {
    let n = BigInt(value);
    if (n < 0n) throw new RangeError('negative INTEGER not supported');
    const out: number[] = [];
    do {
      out.unshift(Number(n & 0xffn));
      n >>= 8n;
    } while (n > 0n);
    if ((out[0]! & 0x80) !== 0) out.unshift(0);
    bytes = Uint8Array.from(out);
  }
  return encodeTlv(0x02, bytes);
}

export const encodeEnumerated = (value: number): Der => {
  const integer = encodeInteger(value);
  integer[0] = 0x0a;
  return integer;
};

export const encodeBoolean = (value: boolean): Der => encodeTlv(0x01, Uint8Array.of(value ? 0xff : 0));
export const encodeNull = (): Der => Uint8Array.of(0x05, 0x00);
export const encodeOctetString = (value: Uint8Array): Der => encodeTlv(0x04, value);
export const encodeBitString = (value: Uint8Array, unusedBits = 0): Der =>
  encodeTlv(0x03, Uint8Array.of(unusedBits), value);
export const encodeUtf8String = (value: string): Der => encodeTlv(0x0c, Buffer.from(value, 'utf8'));
export const encodePrintableString = (value: string): Der => encodeTlv(0x13, Buffer.from(value, 'latin1'));
export const encodeIa5String = (value: string): Der => encodeTlv(0x16, Buffer.from(value, 'latin1'));

export function encodeObjectIdentifier(dotted: string): Der {
  const arcs = dotted.split('.').map((arc) => BigInt(arc));
  if (arcs.length < 2) throw new RangeError(`bad OID ${dotted}`);
  const out: number[] = [];
  const pushArc = (arc: bigint): void => {
    const chunk: number[] = [Number(arc & 0x7fn)];
    for (let rest = arc >> 7n; rest > 0n; rest >>= 7n) chunk.unshift(Number(rest & 0x7fn) | 0x80);
    out.push(...chunk);
  };
  pushArc(arcs[0]! * 40n + arcs[1]!);
  for (const arc of arcs.slice(2)) pushArc(arc);
  return encodeTlv(0x06, Uint8Array.from(out));
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** GeneralizedTime in UTC, whole seconds (RFC 5280 4.1.2.5.2, RFC 6960, RFC 3161 2.4.2). */
export function encodeGeneralizedTime(date: Date): Der {
  const text =
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
  return encodeTlv(0x18, Buffer.from(text, 'latin1'));
}

/** Time ::= CHOICE { utcTime, generalTime }: UTCTime through 2049 as RFC 5280 4.1.2.5 requires. */
export function encodeTime(date: Date): Der {
  const year = date.getUTCFullYear();
  if (year >= 2050 || year < 1950) return encodeGeneralizedTime(date);
  const text =
    `${pad(year % 100)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
  return encodeTlv(0x17, Buffer.from(text, 'latin1'));
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export interface Tlv {
  tag: number;
  /** offset of the identifier octet */
  offset: number;
  /** offset of the first content octet */
  start: number;
  /** offset after the last content octet */
  end: number;
}

/** Reads one TLV (single-octet tags, definite lengths: DER only); anything else is a RangeError. */
export function readTlv(der: Uint8Array, offset: number): Tlv {
  const tag = der[offset];
  let lengthByte = der[offset + 1];
  if (tag === undefined || lengthByte === undefined) throw new RangeError('DER truncated');
  if ((tag & 0x1f) === 0x1f) throw new RangeError('multi-byte DER tags are not supported');
  let start = offset + 2;
  let length = lengthByte;
  if (lengthByte & 0x80) {
    const count = lengthByte & 0x7f;
    if (count === 0 || count > 4) throw new RangeError('unsupported DER length');
    length = 0;
    for (let i = 0; i < count; i++) {
      lengthByte = der[start + i];
      if (lengthByte === undefined) throw new RangeError('DER truncated');
      length = length * 256 + lengthByte;
    }
    start += count;
  }
  const end = start + length;
  if (end > der.length) throw new RangeError('DER truncated');
  return { tag, offset, start, end };
}

/** The children of a constructed TLV. */
export function readChildren(der: Uint8Array, parent: Tlv): Tlv[] {
  const children: Tlv[] = [];
  for (let offset = parent.start; offset < parent.end;) {
    const child = readTlv(der, offset);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** The whole encoding (identifier, length and content) of a TLV. */
export const sliceTlv = (der: Uint8Array, tlv: Tlv): Uint8Array => der.subarray(tlv.offset, tlv.end);
/** The content octets of a TLV. */
export const sliceContent = (der: Uint8Array, tlv: Tlv): Uint8Array => der.subarray(tlv.start, tlv.end);
