// The CA hierarchy: generated on first use, persisted through the TrustStore with every private
// key encrypted under the key-encryption key, and loaded (decrypted) on later opens.
//
// Layout: one root; under it an issuing CA per (quality, legislation) and a seal CA, plus the
// TSA certificate. One OCSP responder key, certified once by every authority (RFC 6960 4.2.2.2
// wants the responder certified by the CA whose certificates it answers for). All P-256.

import { X509Certificate, randomBytes } from 'node:crypto';
import { buildCertificate, readCertificateFields } from './certificate.js';
import { TrustError } from './errors.js';
import type { KeyPair } from './keys.js';
import { createKdfParams, deriveWrappingKey } from './key-encryption-key.js';
import { generateKeyPair, openBlob, openPrivateKeyOnUse, sealBlob, sealPrivateKey } from './keys.js';
import type { AuthorityId, TrustUrls } from './profiles.js';
import {
  AUTHORITY_IDS,
  ISSUING_CA_IDS,
  VALIDITY,
  authorityName,
  createTrustUrls,
  encodeIssuingCaExtensions,
  encodeResponderExtensions,
  encodeRootExtensions,
  encodeTsaExtensions,
  responderName,
  tsaName,
} from './profiles.js';
import { mintSerial } from './serials.js';
import { FORMAT, HIERARCHY_ENTRY, readStoredHierarchy } from './stored-hierarchy.js';
import type { StoredCertified, StoredHierarchy } from './stored-hierarchy.js';

export { HIERARCHY_ENTRY };
import type { TrustOptions, TrustStore } from './types.js';

export interface Authority {
  id: AuthorityId;
  /** issuer index carried in the serials it mints */
  index: number;
  certificate: Uint8Array;
  key: KeyPair;
  /** the subject Name of its certificate (DER): the issuer Name of what it signs */
  name: Uint8Array;
  /** when its certificate expires: nothing it issues is valid longer (profiles.ts) */
  notAfter: Date;
}

export interface Hierarchy {
  installation: string;
  authorities: Map<AuthorityId, Authority>;
  tsa: { certificate: Uint8Array; key: KeyPair };
  responder: { key: KeyPair; certificates: Map<AuthorityId, Uint8Array> };
  serialSecret: Uint8Array;
  /** derived from the key-encryption key: encrypts the keys kept at rest (CA keys, seal keys) */
  wrappingKey: Buffer;
}

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));

// Opens against one store are serialised, so concurrent first use in a process generates one
// hierarchy; putIfAbsent (when the store has it) covers several processes.
const storeLocks = new WeakMap<TrustStore, Promise<unknown>>();

export function loadOrCreateHierarchy(options: TrustOptions): Promise<Hierarchy> {
  const previous = storeLocks.get(options.store) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => loadOrCreateUnlocked(options));
  storeLocks.set(options.store, next);
  return next;
}

async function loadOrCreateUnlocked(options: TrustOptions): Promise<Hierarchy> {
  let stored = await readStoredHierarchy(options.store);
  if (!stored) {
    const created = await createStoredHierarchy(options);
    const bytes = new TextEncoder().encode(JSON.stringify(created, null, 2));
    if (options.store.putIfAbsent) {
      const isWritten = await options.store.putIfAbsent(HIERARCHY_ENTRY, bytes);
      stored = isWritten ? created : await readStoredHierarchy(options.store);
      if (!stored)
        throw new TrustError('trust.store_corrupt', 'the trust hierarchy vanished while being created');
    } else {
      await options.store.put(HIERARCHY_ENTRY, bytes);
      stored = created;
    }
  }
  return openStoredHierarchy(stored, options.keyEncryptionKey);
}

async function openStoredHierarchy(stored: StoredHierarchy, secret: string): Promise<Hierarchy> {
  const wrappingKey = await deriveWrappingKey(secret, stored.kdf);
  const openCertified = (label: string, entry: StoredCertified | undefined) => {
    if (!entry) throw new TrustError('trust.store_corrupt', `${HIERARCHY_ENTRY} lacks "${label}"`);
    const certificate = fromBase64(entry.certificate);
    const { spki } = readCertificateFields(certificate);
    return { certificate, key: openPrivateKeyOnUse(wrappingKey, label, entry.key, spki, 'P-256') };
  };
  const serialSecret = new Uint8Array(openBlob(wrappingKey, 'serial-secret', stored.serialSecret));
  const authorities = new Map<AuthorityId, Authority>();
  AUTHORITY_IDS.forEach((id, index) => {
    const { certificate, key } = openCertified(id, stored.authorities[id]);
    const name = readCertificateFields(certificate).subject;
    const notAfter = new Date(new X509Certificate(certificate).validTo);
    authorities.set(id, { id, index, certificate, key, name, notAfter });
  });
  const tsa = openCertified('tsa', stored.tsa);
  const responderCertificates = new Map<AuthorityId, Uint8Array>();
  for (const id of AUTHORITY_IDS) {
    const certificate = stored.responder.certificates[id];
    if (!certificate) throw new TrustError('trust.store_corrupt', `no OCSP responder certificate for ${id}`);
    responderCertificates.set(id, fromBase64(certificate));
  }
  const firstResponder = responderCertificates.get('root')!;
  const responderKey = openPrivateKeyOnUse(
    wrappingKey,
    'ocsp-responder',
    stored.responder.key,
    readCertificateFields(firstResponder).spki,
    'P-256',
  );
  return {
    installation: stored.installation,
    authorities,
    tsa,
    responder: { key: responderKey, certificates: responderCertificates },
    serialSecret,
    wrappingKey,
  };
}

async function createStoredHierarchy(options: TrustOptions): Promise<StoredHierarchy> {
  const now = options.clock?.() ?? new Date();
  const notBefore = new Date(now.getTime() - VALIDITY.backdate);
  const urls: TrustUrls | undefined = createTrustUrls(options.baseUrl);
  const installation = randomBytes(4).toString('hex');
  const serialSecret = randomBytes(32);
  const kdf = createKdfParams(options.keyEncryptionKey);
  const wrappingKey = await deriveWrappingKey(options.keyEncryptionKey, kdf);

  const rootKey = await generateKeyPair('P-256');
  const rootName = authorityName('root', installation);
  const root = { name: rootName, key: rootKey };
  const rootRef = { id: 'root' as const, name: rootName, spki: rootKey.spki };
  const rootCertificate = buildCertificate(
    {
      serial: mintSerial(serialSecret, 0),
      subject: rootName,
      notBefore,
      notAfter: new Date(now.getTime() + VALIDITY.root),
      spki: rootKey.spki,
      extensions: encodeRootExtensions(rootKey.spki),
    },
    root,
  );
  const authorityNotAfter = new Date(now.getTime() + VALIDITY.authority);
  const authorities: Record<string, StoredCertified> = {
    root: { certificate: toBase64(rootCertificate), key: sealPrivateKey(wrappingKey, 'root', rootKey) },
  };
  const issuers = new Map<AuthorityId, { name: Uint8Array; key: KeyPair }>([['root', root]]);
  for (const id of ISSUING_CA_IDS) {
    const key = await generateKeyPair('P-256');
    const name = authorityName(id, installation);
    const certificate = buildCertificate(
      {
        serial: mintSerial(serialSecret, 0),
        subject: name,
        notBefore,
        notAfter: authorityNotAfter,
        spki: key.spki,
        extensions: encodeIssuingCaExtensions(key.spki, rootRef, urls),
      },
      root,
    );
    issuers.set(id, { name, key });
    authorities[id] = { certificate: toBase64(certificate), key: sealPrivateKey(wrappingKey, id, key) };
  }

  const tsaKey = await generateKeyPair('P-256');
  const tsaCertificate = buildCertificate(
    {
      serial: mintSerial(serialSecret, 0),
      subject: tsaName(installation),
      notBefore,
      notAfter: authorityNotAfter,
      spki: tsaKey.spki,
      extensions: encodeTsaExtensions(tsaKey.spki, rootRef, urls),
    },
    root,
  );

  const responderKey = await generateKeyPair('P-256');
  const responderCertificates: Record<string, string> = {};
  AUTHORITY_IDS.forEach((id, index) => {
    const issuer = issuers.get(id)!;
    responderCertificates[id] = toBase64(
      buildCertificate(
        {
          serial: mintSerial(serialSecret, index),
          subject: responderName(id, installation),
          notBefore,
          notAfter: authorityNotAfter,
          spki: responderKey.spki,
          extensions: encodeResponderExtensions(
            responderKey.spki,
            { id, name: issuer.name, spki: issuer.key.spki },
            urls,
          ),
        },
        issuer,
      ),
    );
  });

  return {
    format: FORMAT,
    createdAt: now.toISOString(),
    installation,
    baseUrl: options.baseUrl ?? null,
    kdf,
    serialSecret: sealBlob(wrappingKey, 'serial-secret', serialSecret),
    authorities,
    tsa: { certificate: toBase64(tsaCertificate), key: sealPrivateKey(wrappingKey, 'tsa', tsaKey) },
    responder: {
      key: sealPrivateKey(wrappingKey, 'ocsp-responder', responderKey),
      certificates: responderCertificates,
    },
  };
}
