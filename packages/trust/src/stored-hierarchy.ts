// The stored form of the CA hierarchy (one JSON entry in the TrustStore, private keys sealed
// under the key-encryption key), and what can be read from it without opening it: a relying
// party such as `countersign pdf verify` needs the public root certificate only, not the
// key-encryption key nor the code that issues certificates.

import { TrustError } from './errors.js';
import type { KdfParams } from './key-encryption-key.js';
import type { SealedBlob } from './keys.js';
import type { TrustStore } from './types.js';

export const HIERARCHY_ENTRY = 'hierarchy.json';
export const FORMAT = 'countersign.trust-hierarchy.v1';

export interface StoredCertified {
  certificate: string;
  key: SealedBlob;
}

export interface StoredHierarchy {
  format: typeof FORMAT;
  createdAt: string;
  installation: string;
  /** where the hierarchy was published when generated; null: nowhere */
  baseUrl: string | null;
  kdf: KdfParams;
  serialSecret: SealedBlob;
  authorities: Record<string, StoredCertified>;
  tsa: StoredCertified;
  responder: { key: SealedBlob; certificates: Record<string, string> };
}

export async function readStoredHierarchy(
  store: Pick<TrustStore, 'get'>,
): Promise<StoredHierarchy | undefined> {
  const bytes = await store.get(HIERARCHY_ENTRY);
  if (!bytes) return undefined;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as StoredHierarchy;
    if (parsed.format !== FORMAT) throw new Error(`unknown format ${String(parsed.format)}`);
    return parsed;
  } catch (error) {
    throw new TrustError(
      'trust.store_corrupt',
      `cannot read ${HIERARCHY_ENTRY}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}

/** The root certificate (DER) of the stored hierarchy; undefined when none was generated yet. */
export async function readStoredRootCertificate(
  store: Pick<TrustStore, 'get'>,
): Promise<Uint8Array | undefined> {
  const root = (await readStoredHierarchy(store))?.authorities.root;
  if (!root) return undefined;
  return new Uint8Array(Buffer.from(root.certificate, 'base64'));
}
