// The time-stamp authority's keys in turn (ADR 089). A TSA key stamps only during the first
// TSA_KEY_USE of its certificate's ten years, so every time-stamp we make keeps at least seven
// years of certificate ahead of it, and archive renewal, which stamps a file again when its
// newest stamp's certificate nears its end, always gets a stamp that outlives the one it renews.
// Period 0 is the hierarchy's own TSA certificate; each later period's key and certificate
// (issued by the root, never beyond it) are made on first use and kept in the TrustStore, written
// only if absent so that several servers agree on one key per period.

import { X509Certificate } from 'node:crypto';
import { buildCertificate, readCertificateFields } from './certificate.js';
import { TrustError } from './errors.js';
import type { Hierarchy } from './hierarchy.js';
import { generateKeyPair, openPrivateKeyOnUse, sealPrivateKey } from './keys.js';
import type { SealedBlob } from './keys.js';
import type { TrustUrls } from './profiles.js';
import { VALIDITY, YEAR, encodeTsaExtensions, tsaName } from './profiles.js';
import { mintSerial } from './serials.js';
import type { TimeStampAuthority } from './tsa.js';
import type { TrustStore } from './types.js';

/** How long one TSA key stamps, from its certificate's start. */
export const TSA_KEY_USE = 3 * YEAR;

interface StoredTsa {
  certificate: string;
  key: SealedBlob;
}

const entryName = (period: number) => `tsa-${period}.json`;
const keyLabel = (period: number) => `tsa-${period}`;

export class TsaRotation {
  readonly #hierarchy: Hierarchy;
  readonly #store: TrustStore;
  readonly #urls: TrustUrls | undefined;
  readonly #now: () => Date;
  readonly #start: number;
  readonly #loaded = new Map<number, Promise<TimeStampAuthority>>();

  constructor(hierarchy: Hierarchy, store: TrustStore, urls: TrustUrls | undefined, now: () => Date) {
    this.#hierarchy = hierarchy;
    this.#store = store;
    this.#urls = urls;
    this.#now = now;
    // the first period starts with the hierarchy's TSA certificate (backdated for clock skew)
    this.#start = Date.parse(new X509Certificate(hierarchy.tsa.certificate).validFrom) + VALIDITY.backdate;
    this.#loaded.set(0, Promise.resolve({ ...hierarchy.tsa, now }));
  }

  /** The authority that stamps now. */
  current(): Promise<TimeStampAuthority> {
    const period = Math.max(0, Math.floor((this.#now().getTime() - this.#start) / TSA_KEY_USE));
    let authority = this.#loaded.get(period);
    if (!authority) {
      authority = this.#loadOrCreate(period);
      this.#loaded.set(period, authority);
      // a failed creation (store down) is tried again on the next stamp
      authority.catch(() => this.#loaded.delete(period));
    }
    return authority;
  }

  async #loadOrCreate(period: number): Promise<TimeStampAuthority> {
    let stored = await this.#read(period);
    if (!stored) {
      const created = await this.#create(period);
      const bytes = new TextEncoder().encode(JSON.stringify(created));
      const isWritten = this.#store.putIfAbsent
        ? await this.#store.putIfAbsent(entryName(period), bytes)
        : (await this.#store.put(entryName(period), bytes), true);
      stored = isWritten ? created : await this.#read(period);
      if (!stored) throw new TrustError('trust.store_corrupt', `${entryName(period)} vanished while written`);
    }
    const certificate = new Uint8Array(Buffer.from(stored.certificate, 'base64'));
    const { spki } = readCertificateFields(certificate);
    const key = openPrivateKeyOnUse(this.#hierarchy.wrappingKey, keyLabel(period), stored.key, spki, 'P-256');
    return { certificate, key, now: this.#now };
  }

  async #read(period: number): Promise<StoredTsa | undefined> {
    const bytes = await this.#store.get(entryName(period));
    if (!bytes) return undefined;
    try {
      return JSON.parse(new TextDecoder().decode(bytes)) as StoredTsa;
    } catch (error) {
      throw new TrustError('trust.store_corrupt', `cannot read ${entryName(period)}`, { cause: error });
    }
  }

  async #create(period: number): Promise<StoredTsa> {
    const root = this.#hierarchy.authorities.get('root');
    if (!root) throw new TrustError('trust.store_corrupt', 'the hierarchy has no root');
    const now = this.#now().getTime();
    const key = await generateKeyPair('P-256');
    const rootSpki = readCertificateFields(root.certificate).spki;
    const certificate = buildCertificate(
      {
        serial: mintSerial(this.#hierarchy.serialSecret, 0),
        subject: tsaName(this.#hierarchy.installation),
        notBefore: new Date(now - VALIDITY.backdate),
        // nothing the root certifies outlives it
        notAfter: new Date(Math.min(now + VALIDITY.authority, root.notAfter.getTime())),
        spki: key.spki,
        extensions: encodeTsaExtensions(
          key.spki,
          { id: 'root', name: root.name, spki: rootSpki },
          this.#urls,
        ),
      },
      { name: root.name, key: root.key },
    );
    return {
      certificate: Buffer.from(certificate).toString('base64'),
      key: sealPrivateKey(this.#hierarchy.wrappingKey, keyLabel(period), key),
    };
  }
}
