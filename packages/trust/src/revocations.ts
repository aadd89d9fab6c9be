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

export class RevocationList {
  readonly #store: TrustStore;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(store: TrustStore) {
    this.#store = store;
  }

  async list(): Promise<Revocation[]> {
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
        const revocations = await this.list();
        if (revocations.some((entry) => entry.serialHex === revocation.serialHex)) return;
        revocations.push(revocation);
        const stored: StoredRevocations = { revocations };
        await this.#store.put(REVOCATIONS_ENTRY, new TextEncoder().encode(JSON.stringify(stored, null, 2)));
      });
    this.#queue = run;
    return run;
  }
}
