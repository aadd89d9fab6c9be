// The Signer backed by a key pair held in this process: per-signer keys from our own CA, made
// fresh for every certificate and never stored.

import type { KeyPair } from './keys.js';
import { signWithKey } from './keys.js';
import type { Signer } from './types.js';

export class LocalSigner implements Signer {
  readonly certificate: Uint8Array;
  readonly chain: Uint8Array[];
  readonly keyAlgorithm: KeyPair['algorithm'];
  readonly #key: KeyPair;

  constructor(key: KeyPair, certificate: Uint8Array, chain: Uint8Array[]) {
    this.#key = key;
    this.certificate = certificate;
    this.chain = chain;
    this.keyAlgorithm = key.algorithm;
  }

  /** the key itself, for a seal's owner to store encrypted (trust-services.ts createSealKey) */
  get keyPair(): KeyPair {
    return this.#key;
  }

  sign(data: Uint8Array): Promise<Uint8Array> {
    return Promise.resolve(signWithKey(this.#key, data));
  }
}
