// The issuers whose personal identity credentials (PID) the installation accepts (ADR 085): read
// from the JSON file WALLET_TRUST_LIST names, each issuer with its public keys, the credential
// types it issues, and its standing. An issuer withdrawn from the list stays on it as `revoked`,
// so its credentials are refused by name rather than as unknown.
import { readFileSync } from 'node:fs';
import type { JWK } from 'jose';
import { z } from 'zod';

/** The credential types of a PID when an issuer's entry names none (EU ARF PID rulebook). */
export const DEFAULT_PID_TYPES = ['urn:eudi:pid:1'];

const ZTrustedIssuer = z.object({
  issuer: z.string().min(1),
  name: z.string().min(1).optional(),
  status: z.enum(['trusted', 'revoked']).default('trusted'),
  vcts: z.array(z.string().min(1)).min(1).default(DEFAULT_PID_TYPES),
  keys: z
    .array(z.looseObject({ kty: z.string() }))
    .min(1)
    .refine((keys) => keys.every((k) => !('d' in k)), 'a trust list holds public keys only'),
});

export interface TrustedIssuer {
  issuer: string;
  name: string;
  status: 'trusted' | 'revoked';
  vcts: string[];
  keys: JWK[];
}

const ZTrustList = z.object({ issuers: z.array(ZTrustedIssuer) });

/** Reads and checks the trust list file; a mistake in it stops the server at start. */
export function readTrustList(file: string, fail: (message: string) => Error): TrustedIssuer[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw fail(`WALLET_TRUST_LIST: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail(`WALLET_TRUST_LIST: ${file} is not JSON`);
  }
  const parsed = ZTrustList.safeParse(json);
  if (!parsed.success) throw fail(`WALLET_TRUST_LIST: ${z.prettifyError(parsed.error)}`);
  return parsed.data.issuers.map((i) => ({ ...i, name: i.name ?? i.issuer, keys: i.keys as JWK[] }));
}

export type IssuerStanding =
  { kind: 'trusted'; issuer: TrustedIssuer } | { kind: 'revoked' } | { kind: 'unknown' };

/** Where an issuer stands: a revoked entry wins over a trusted one of the same name. */
export function issuerStanding(list: readonly TrustedIssuer[], iss: unknown): IssuerStanding {
  const entries = list.filter((i) => i.issuer === iss);
  if (entries.some((i) => i.status === 'revoked')) return { kind: 'revoked' };
  const trusted = entries.find((i) => i.status === 'trusted');
  return trusted ? { kind: 'trusted', issuer: trusted } : { kind: 'unknown' };
}
