// The serialisable state between "digest ready" and "signature value arrived". A remote (CSC)
// signature can take minutes, so everything needed to finish lives in this JSON value and the
// prepared PDF bytes (carried inline or kept by the caller under a storage key).

import { createHash } from 'node:crypto';
import type { KeyAlgorithm } from './cms-builder.js';
import { PadesError } from './errors.js';

export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
export const PADES_LEVELS: readonly PadesLevel[] = ['B-B', 'B-T', 'B-LT', 'B-LTA'];

export interface PendingSignature {
  version: 1;
  level: PadesLevel;
  fieldName: string;
  /** base64 of the prepared file; absent when the caller stores it under `preparedKey` */
  preparedBytes?: string;
  preparedKey?: string;
  /** with preparedKey: hex SHA-256 of the prepared file, to refuse other bytes when they come back */
  preparedSha256?: string;
  byteRange: [number, number, number, number];
  contentsOffset: number;
  contentsLength: number;
  /** base64 DER (SET-tagged) of the signed attributes: the data to be signed */
  signedAttributes: string;
  /** base64 DER of the signer's certificate and chain (issuer first ... root last) */
  certificate: string;
  chain: string[];
  keyAlgorithm: KeyAlgorithm;
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Checks a value read back from storage (JSON.parse output) and returns it typed. */
export function parsePendingSignature(value: unknown): PendingSignature {
  const fail = (why: string): never => {
    throw new PadesError('pades.pending_invalid', `not a PendingSignature: ${why}`);
  };
  if (typeof value !== 'object' || value === null) return fail('not an object');
  const v = value as Record<string, unknown>;
  if (v.version !== 1) fail('unknown version');
  if (!PADES_LEVELS.includes(v.level as PadesLevel)) fail('unknown level');
  if (v.keyAlgorithm !== 'P-256' && v.keyAlgorithm !== 'RSA-2048') fail('unknown key algorithm');
  for (const key of ['fieldName', 'signedAttributes', 'certificate'])
    if (!isString(v[key])) fail(`${key} missing`);
  if (!isString(v.preparedBytes) && !(isString(v.preparedKey) && isString(v.preparedSha256)))
    fail('neither preparedBytes nor preparedKey with preparedSha256');
  if (!Array.isArray(v.byteRange) || v.byteRange.length !== 4 || !v.byteRange.every(isCount))
    fail('bad byteRange');
  if (!isCount(v.contentsOffset) || !isCount(v.contentsLength)) fail('bad contents placement');
  if (!Array.isArray(v.chain) || !v.chain.every(isString)) fail('bad chain');
  return v as unknown as PendingSignature;
}
