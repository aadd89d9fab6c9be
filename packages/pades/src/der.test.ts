import { describe, expect, it } from 'vitest';
import {
  decodeObjectIdentifier,
  encodeObjectIdentifier,
  readBerChildren,
  readBerOctets,
  readBerTlv,
} from './der.js';

const hex = (text: string): Uint8Array => Buffer.from(text.replace(/\s/g, ''), 'hex');
const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('BER reader', () => {
  it('reads a definite-length value and its children', () => {
    const bytes = hex('30 06 02 01 05 04 01 aa');
    const outer = readBerTlv(bytes, 0);
    expect(outer).toEqual({ tag: 0x30, offset: 0, start: 2, end: 8, next: 8 });
    expect(readBerChildren(bytes, outer).map((child) => [child.tag, child.start, child.end])).toEqual([
      [0x02, 4, 5],
      [0x04, 7, 8],
    ]);
  });

  it('reads a long-form length', () => {
    const bytes = new Uint8Array(4 + 300);
    bytes.set(hex('04 82 01 2c'));
    expect(readBerTlv(bytes, 0)).toMatchObject({ start: 4, end: 304, next: 304 });
  });

  it('ends an indefinite length at its end-of-contents octets, and ignores what follows', () => {
    const bytes = hex('30 80 02 01 05 00 00 ff ff');
    expect(readBerTlv(bytes, 0)).toEqual({ tag: 0x30, offset: 0, start: 2, end: 5, next: 7 });
  });

  it('matches nested indefinite lengths, skipping definite values whole', () => {
    // the definite OCTET STRING holds zero bytes that must not be taken for end-of-contents
    const bytes = hex('30 80  31 80 04 02 00 00 00 00  30 80 30 80 00 00 00 00  02 01 07  00 00');
    const outer = readBerTlv(bytes, 0);
    expect(outer).toMatchObject({ start: 2, end: bytes.length - 2, next: bytes.length });
    const children = readBerChildren(bytes, outer);
    expect(children.map((child) => [child.tag, child.offset, child.next])).toEqual([
      [0x31, 2, 10],
      [0x30, 10, 18],
      [0x02, 18, 21],
    ]);
    const [set] = children;
    expect(readBerChildren(bytes, set!).map((child) => toHex(readBerOctets(bytes, child)))).toEqual(['0000']);
  });

  it('concatenates the segments of a constructed OCTET STRING, nested or not', () => {
    const bytes = hex('24 80 04 02 01 02 24 05 04 03 03 04 05 04 00 00 00');
    expect(toHex(readBerOctets(bytes, readBerTlv(bytes, 0)))).toBe('0102030405');
    // an implicitly tagged string keeps OCTET STRING segments
    const tagged = hex('a0 06 04 01 0a 04 01 0b');
    expect(toHex(readBerOctets(tagged, readBerTlv(tagged, 0)))).toBe('0a0b');
  });

  it('skips values with high tag numbers', () => {
    // [128] in three identifier octets (9f 81 00), then the length
    const bytes = hex('30 80 9f 81 00 01 ff 02 01 01 00 00');
    const children = readBerChildren(bytes, readBerTlv(bytes, 0));
    expect(children.map((child) => [child.offset, child.start, child.end])).toEqual([
      [2, 6, 7],
      [7, 9, 10],
    ]);
  });

  it.each([
    ['an empty buffer', ''],
    ['a lone tag', '30'],
    ['a value running past the end', '30 05 02 01'],
    ['a truncated long-form length', '30 82 01'],
    ['a length of more than four octets', '04 85 01 00 00 00 00'],
    ['an indefinite length without end-of-contents', '30 80 02 01 05'],
    ['nested indefinite lengths closed once', '30 80 30 80 02 01 05 00 00'],
    ['an indefinite primitive', '04 80 01 00 00'],
    ['a child running past its parent', '30 03 04 05 01 02 03 04 05'],
    ['a broken end-of-contents', '30 80 00 01'],
  ])('refuses %s with a RangeError', (_, text) => {
    const bytes = hex(text);
    expect(() => readBerChildren(bytes, readBerTlv(bytes, 0))).toThrow(RangeError);
  });

  it('refuses a constructed OCTET STRING with a segment of another type', () => {
    const bytes = hex('24 06 04 01 01 02 01 01');
    expect(() => readBerOctets(bytes, readBerTlv(bytes, 0))).toThrow(RangeError);
  });
});

describe('decodeObjectIdentifier', () => {
  it.each([
    '1.2.840.113549.1.7.2',
    '0.9.2342.19200300.100.1.1',
    '2.5.4.3',
    '2.999.1',
    '2.25.329800735698586629295641978511506172918',
  ])('reads back %s', (dotted) => {
    const encoded = encodeObjectIdentifier(dotted);
    expect(decodeObjectIdentifier(encoded.subarray(2))).toBe(dotted);
  });

  it('refuses an empty or unfinished identifier', () => {
    expect(() => decodeObjectIdentifier(new Uint8Array())).toThrow(RangeError);
    expect(() => decodeObjectIdentifier(hex('2a 86'))).toThrow(RangeError);
  });
});
