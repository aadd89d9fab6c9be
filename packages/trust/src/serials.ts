// Certificate serial numbers that prove their own origin. Certificates are issued on demand
// and never listed anywhere, yet the OCSP responder must answer "unknown" for serials we did
// not issue (RFC 6960 2.2) and revoke() must find the issuing CA from a serial alone. So each
// serial carries its issuer and a MAC under a secret of the hierarchy:
//   octet 0      0x40 (positive, fixed length 20 octets as RFC 5280 4.1.2.2 allows at most)
//   octet 1      index of the issuing authority
//   octets 2-11  random (80 bits, unpredictable serials)
//   octets 12-19 HMAC-SHA256(serial secret, octets 0-11), first 8 octets

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SERIAL_LENGTH = 20;
const MAC_OFFSET = 12;

export function mintSerial(secret: Uint8Array, issuerIndex: number): Uint8Array {
  const serial = new Uint8Array(SERIAL_LENGTH);
  serial[0] = 0x40;
  serial[1] = issuerIndex;
  serial.set(randomBytes(MAC_OFFSET - 2), 2);
  serial.set(computeMac(secret, serial.subarray(0, MAC_OFFSET)), MAC_OFFSET);
  return serial;
}

/** The issuer index of a serial we minted, or undefined for any other serial. */
export function readSerialIssuer(secret: Uint8Array, serial: Uint8Array): number | undefined {
  let bytes = serial;
  while (bytes.length > SERIAL_LENGTH && bytes[0] === 0) bytes = bytes.subarray(1);
  if (bytes.length !== SERIAL_LENGTH || bytes[0] !== 0x40) return undefined;
  const expected = computeMac(secret, bytes.subarray(0, MAC_OFFSET));
  return timingSafeEqual(expected, bytes.subarray(MAC_OFFSET)) ? bytes[1] : undefined;
}

function computeMac(secret: Uint8Array, data: Uint8Array): Uint8Array {
  return createHmac('sha256', secret)
    .update(data)
    .digest()
    .subarray(0, SERIAL_LENGTH - MAC_OFFSET);
}

/** Random positive serial for TSTInfo (RFC 3161 2.4.2: unique per TSA; 128 random bits make that so). */
export function mintRandomSerial(): Uint8Array {
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  return serial;
}
