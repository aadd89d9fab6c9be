// Revocation state, persisted in the TrustStore as one JSON entry so every server process
// (and the CLI) sees the same answers from OCSP and CRLs.

import { TrustError } from './errors.js';
import type { TrustStore } from './types.js';

export const REVOCATIONS_ENTRY = 'revocations.json';

export interface Revocation {
  /** lower-case hex of the serial's content octets without leading zero octets */
  serialHex: string;
  /** authority that issued the certificate */
  issuer: string;
  revokedAt: string;
  /** CRLReason (RFC 5280 5.3.1), absent when unspecified */
  reason?: number;
}

interface StoredRevocations {
  revocations: Revocation[];
}

export const normaliseSerialHex = (serialHex: string): string =>
  serialHex
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '')
    .replace(/^(00)+(?=.)/, '');

/**
 * How long a reading of the revocation state is reused. Each signature reads it twice (its own
 * chain's answers, then the document time-stamp's), and so does each protocol seal: one read per
 * second instead is a statement less per step on a busy server. A revocation made through this
 * list is seen at once; one made by another process or thread within this time.
 */
export const REVOCATIONS_MAX_AGE_MS = 1000;

export class RevocationList {
  readonly #store: TrustStore;
  readonly #maxAgeMs: number;
  #queue: Promise<unknown> = Promise.resolve();
  #read: { at: number; revocations: Promise<Revocation[]> } | undefined;

  constructor(store: TrustStore, maxAgeMs = REVOCATIONS_MAX_AGE_MS) {
    this.#store = store;
    this.#maxAgeMs = maxAgeMs;
  }

  list(): Promise<Revocation[]> {
    const now = performance.now();
    if (!this.#read || now - this.#read.at >= this.#maxAgeMs) {
      const revocations = this.#readStore();
      this.#read = { at: now, revocations };
      // a failed read is not reused
      revocations.catch(() => {
        if (this.#read?.revocations === revocations) this.#read = undefined;
      });
    }
    return this.#read.revocations;
  }

  async #readStore(): Promise<Revocation[]> {
    const bytes = await this.#store.get(REVOCATIONS_ENTRY);
    if (!bytes) return [];
    try {
      return (JSON.parse(new TextDecoder().decode(bytes)) as StoredRevocations).revocations;
    } catch (error) {
      throw new TrustError('trust.store_corrupt', `cannot read ${REVOCATIONS_ENTRY}`, { cause: error });
    }
  }

  async find(serialHex: string): Promise<Revocation | undefined> {
    const wanted = normaliseSerialHex(serialHex);
    return (await this.list()).find((revocation) => revocation.serialHex === wanted);
  }

  /** Adds a revocation; revoking twice keeps the first (RFC 5280: revocation is final). */
  add(revocation: Revocation): Promise<void> {
    // read-modify-write is serialised within the process; across processes the store's own
    // consistency applies (the server's database store does this in a transaction).
    const run = this.#queue
      .catch(() => undefined)
      .then(async () => {
        // read afresh: another process may have added one since the last reading
        const revocations = await this.#readStore();
        if (revocations.some((entry) => entry.serialHex === revocation.serialHex)) return;
        revocations.push(revocation);
        const stored: StoredRevocations = { revocations };
        await this.#store.put(REVOCATIONS_ENTRY, new TextEncoder().encode(JSON.stringify(stored, null, 2)));
        this.#read = undefined;
      });
    this.#queue = run;
    return run;
  }
}
