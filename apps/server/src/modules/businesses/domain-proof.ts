// Proof that a business controls a domain (ADR 042): a TXT record at `_countersign.<domain>`
// carrying the value the claim was given. The value is random and not secret: it is published. A
// claim not proved within DOMAIN_CLAIM_DAYS expires.
import { randomBytes } from 'node:crypto';

export const PROOF_PREFIX = 'countersign-domain-verification=';

export function proofRecordName(domain: string): string {
  return `_countersign.${domain}`;
}

export function newProofValue(): string {
  return `${PROOF_PREFIX}${randomBytes(18).toString('base64url')}`;
}

/** Whether one of the TXT records (each a list of strings, joined as RFC 7208 section 3.3 does) is the proof. */
export function isProvedBy(records: readonly (readonly string[])[], proof: string): boolean {
  return records.some((chunks) => chunks.join('') === proof);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which an unproved claim made `days` days before `now` has expired. */
export function claimsExpireBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}
