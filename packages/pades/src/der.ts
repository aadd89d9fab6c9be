// Minimal DER encoding and TLV slicing for the CMS structures we build on every signature, and a
// shallow BER reader for the CMS we receive. Both go straight to bytes: a full ASN.1 decoder
// (asn1js) would decode every certificate inside a CMS only for us to want its raw bytes back.

import {
  compareBytes,
  concatBytes,
  encodeInteger,
  encodeTlv,
  type Der,
  type Tlv,
} from '@countersign/trust/der';

// The DER writer and the strict reader are the trust services' own (packages/trust/src/der.ts);
// encodeSetOf below, which takes any tag, stands in for theirs.
export * from '@countersign/trust/der';

/**
 * SET OF in DER orders the element encodings as octet strings (X.690 11.6), here under any tag
 * (signed attributes are a [0] IMPLICIT SET OF). Verifiers such as OpenSSL re-encode signed
 * attributes before checking the signature, so the order matters.
 */
export function encodeSetOf(items: readonly Der[], tag = 0x31): Der {
  return encodeTlv(tag, ...[...items].sort(compareBytes));
}

/** INTEGER from a non-negative number; the serial numbers we copy are taken as raw TLVs instead. */
export const encodeSmallInteger = (value: number): Der => encodeInteger(value);

/**
 * A BER TLV (X.690 8.1) as foreign producers write it. `start`/`end` delimit the contents;
 * `next` is where the whole encoding ends, after the end-of-contents octets when the length is
 * indefinite (then `end` is where those octets begin). `tag` is the first identifier octet.
 */
export interface BerTlv extends Tlv {
  next: number;
}

export const isConstructed = (tlv: Tlv): boolean => (tlv.tag & 0x20) !== 0;

/** Identifier and length octets at `offset`; `length` is undefined for the indefinite form. */
function readBerHeader(bytes: Uint8Array, offset: number, limit: number): { start: number; length?: number } {
  let at = offset + 1;
  const tag = bytes[offset]!;
  if ((tag & 0x1f) === 0x1f) {
    // high tag numbers (never in the CMS fields we read) only need skipping
    while (at < limit && bytes[at]! & 0x80) at++;
    at++;
  }
  if (at >= limit) throw new RangeError('BER: truncated header');
  const first = bytes[at++]!;
  if (first === 0x80) {
    if (!(tag & 0x20)) throw new RangeError('BER: indefinite length on a primitive value');
    return { start: at };
  }
  if (first < 0x80) return { start: at, length: first };
  const count = first & 0x7f;
  if (count > 4) throw new RangeError('BER: length too large');
  if (at + count > limit) throw new RangeError('BER: truncated length');
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + bytes[at + i]!;
  return { start: at + count, length };
}

/**
 * One BER TLV at `offset`, which must end by `limit`. An indefinite length is resolved by
 * walking the headers below it to the matching end-of-contents octets; definite values inside
 * are skipped whole, so this stays cheap. Malformed input gives a RangeError, never a hang.
 */
export function readBerTlv(bytes: Uint8Array, offset: number, limit = bytes.length): BerTlv {
  const tag = bytes[offset];
  if (tag === undefined || offset >= limit) throw new RangeError('BER: truncated header');
  const { start, length } = readBerHeader(bytes, offset, limit);
  if (length !== undefined) {
    const end = start + length;
    if (end > limit) throw new RangeError('BER: value runs past the end');
    return { tag, offset, start, end, next: end };
  }
  let open = 1;
  for (let at = start; ;) {
    if (at + 2 > limit) throw new RangeError('BER: missing end-of-contents');
    if (bytes[at] === 0) {
      if (bytes[at + 1] !== 0) throw new RangeError('BER: bad end-of-contents');
      if (--open === 0) return { tag, offset, start, end: at, next: at + 2 };
      at += 2;
      continue;
    }
    const inner = readBerHeader(bytes, at, limit);
    if (inner.length === undefined) open++;
    else if (inner.start + inner.length > limit) throw new RangeError('BER: value runs past the end');
    at = inner.start + (inner.length ?? 0);
  }
}

/** The TLVs directly inside a constructed BER value. */
export function readBerChildren(bytes: Uint8Array, parent: BerTlv): BerTlv[] {
  if (!isConstructed(parent)) throw new RangeError('BER: children of a primitive value');
  const children: BerTlv[] = [];
  for (let offset = parent.start; offset < parent.end;) {
    const child = readBerTlv(bytes, offset, parent.end);
    children.push(child);
    offset = child.next;
  }
  return children;
}

/** A plain Uint8Array copy (a Buffer's own `slice` would share memory with the input). */
const copyRange = (bytes: Uint8Array, start: number, end: number): Uint8Array =>
  new Uint8Array(bytes.subarray(start, end));

/** A copy of the whole encoding as received (with end-of-contents octets, if any). */
export const copyBerTlv = (bytes: Uint8Array, tlv: BerTlv): Uint8Array =>
  copyRange(bytes, tlv.offset, tlv.next);

/**
 * A copy of an OCTET STRING's octets (the tag may be implicit); in BER a constructed one is the
 * concatenation of its segments, which are OCTET STRINGs themselves (X.690 8.7.3).
 */
export function readBerOctets(bytes: Uint8Array, tlv: BerTlv, depth = 0): Uint8Array {
  if (!isConstructed(tlv)) return copyRange(bytes, tlv.start, tlv.end);
  if (depth > 8) throw new RangeError('BER: string segments nested too deep');
  const segments = readBerChildren(bytes, tlv).map((segment) => {
    if ((segment.tag & 0xdf) !== 0x04) throw new RangeError('BER: a string segment is not an OCTET STRING');
    return readBerOctets(bytes, segment, depth + 1);
  });
  return concatBytes(segments);
}

/** Dotted form of an OBJECT IDENTIFIER's contents (X.690 8.19); arcs beyond 2^53 go through BigInt. */
export function decodeObjectIdentifier(contents: Uint8Array): string {
  const arcs: (number | bigint)[] = [];
  let value: number | bigint = 0;
  for (let i = 0; i < contents.length; i++) {
    const byte = contents[i]!;
    if (typeof value === 'number' && value > 2 ** 45) value = BigInt(value);
    value = typeof value === 'bigint' ? (value << 7n) | BigInt(byte & 0x7f) : value * 128 + (byte & 0x7f);
    if (byte & 0x80) continue;
    arcs.push(value);
    value = 0;
  }
  const [first] = arcs;
  if (first === undefined || contents[contents.length - 1]! & 0x80) throw new RangeError('BER: bad OID');
  const top = first < 80 ? Math.floor(Number(first) / 40) : 2;
  const second = typeof first === 'bigint' ? first - 80n : first - top * 40;
  return [top, second, ...arcs.slice(1)].join('.');
}
