// openTrustServices: the hierarchy loaded (or generated on first use), and everything built on
// it: per-signer and seal certificates, time stamps, OCSP, CRLs, revocation, LTV material.

import { buildCertificate, encodePem, readCertificateFields } from './certificate.js';
import { CRL_REISSUE_AFTER, buildCrl } from './crl.js';
import { TrustError } from './errors.js';
import type { Authority, Hierarchy } from './hierarchy.js';
import { loadOrCreateHierarchy } from './hierarchy.js';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { generateKeyPair, openBlob, openPrivateKey, sealBlob, sealPrivateKey } from './keys.js';
import type { SealedBlob } from './keys.js';
import { LocalSigner } from './local-signer.js';
import { OID } from './oids.js';
import { buildOcspResponse, createCertId } from './ocsp.js';
import type { AuthorityId, IssuerRef, TrustUrls } from './profiles.js';
import {
  AUTHORITY_IDS,
  VALIDITY,
  createTrustUrls,
  encodeSealExtensions,
  encodeSealSubject,
  encodeSignerExtensions,
  encodeSignerSubject,
  signerAuthorityId,
} from './profiles.js';
import { RevocationList, normaliseSerialHex } from './revocations.js';
import type { Revocation } from './revocations.js';
import { mintSerial, readSerialIssuer } from './serials.js';
import { createTimeStampToken } from './tsa.js';
import { TsaRotation } from './tsa-rotation.js';
import type {
  SealSubject,
  Signer,
  StoredSealKey,
  SignerSubject,
  TrustOptions,
  TrustServices,
  ValidationMaterial,
} from './types.js';

/** What the trust services offer beyond the agreed interface: for the server's publication routes and tests. */
export interface CountersignTrustServices extends TrustServices {
  /** where the certificates say the services are published; undefined: nowhere */
  readonly urls: TrustUrls | undefined;
  /** names accepted by crl() and authorityCertificate(): "root", "qes-eidas", ..., "seal" */
  authorityNames(): readonly AuthorityId[];
  /** DER certificate of one authority (what AIA caIssuers points to) */
  authorityCertificate(name: string): Uint8Array;
  tsaCertificate(): Uint8Array;
  /**
   * Issues a certificate for a key made elsewhere (CSC sandbox credentials): same profile as
   * issueSignerCertificate, valid for `validityMs` (default: as long as its issuing CA) but never
   * beyond its issuing CA.
   */
  certifyKey(
    subject: SignerSubject,
    spki: Uint8Array,
    validityMs?: number,
  ): { certificate: Uint8Array; chain: Uint8Array[] };
  /**
   * Issues a qualified seal certificate for a key made elsewhere (the CSC sandbox's seal
   * credentials, ADR 053): the seal profile naming the organisation, with the eSeal QcStatement,
   * from the qualified eIDAS CA that also certifies the sandbox's personal credentials.
   */
  certifyQualifiedSealKey(
    subject: Omit<SealSubject, 'quality' | 'keyAlgorithm'>,
    spki: Uint8Array,
    validityMs?: number,
  ): { certificate: Uint8Array; chain: Uint8Array[] };
  /**
   * A business seal's lasting key and its certificate from the Seal CA (ADR 053): unlike a
   * signer's key it signs many times, so it is kept, encrypted as the CA keys are, by the caller.
   */
  createSealKey(subject: SealSubject, label: string): Promise<StoredSealKey>;
  /** The Signer of a stored seal key; refuses a key sealed under another label or another KEK. */
  openSealKey(stored: StoredSealKey): Signer;
  /**
   * Encrypts a private key made elsewhere for its owner to keep (the CSC sandbox's credentials):
   * its PKCS#8 under the key-encryption key, as the CA and seal keys are, bound to `label`.
   */
  sealKeptKey(label: string, key: KeyObject): SealedBlob;
  /** The key `sealKeptKey` encrypted; refuses one sealed under another label or another KEK. */
  openKeptKey(label: string, sealed: SealedBlob): KeyObject;
}

/** Seal keys are bound to their seal, and kept apart from the hierarchy's own labels. */
const sealKeyLabel = (label: string) => `seal-key:${label}`;
/** Keys kept for others are kept apart from both. */
const keptKeyLabel = (label: string) => `kept-key:${label}`;

export async function openTrustServices(options: TrustOptions): Promise<CountersignTrustServices> {
  if (!options.keyEncryptionKey) throw new RangeError('keyEncryptionKey must not be empty');
  const hierarchy = await loadOrCreateHierarchy(options);
  return new LocalTrustServices(hierarchy, options);
}

class LocalTrustServices implements CountersignTrustServices {
  readonly urls: TrustUrls | undefined;
  readonly #hierarchy: Hierarchy;
  readonly #now: () => Date;
  readonly #revocations: RevocationList;
  readonly #tsa: TsaRotation;
  /** each authority's last CRL, what it lists and when it was signed */
  readonly #crls = new Map<AuthorityId, { der: Uint8Array; lists: string; issuedAt: number }>();

  constructor(hierarchy: Hierarchy, options: TrustOptions) {
    this.#hierarchy = hierarchy;
    this.#now = options.clock ?? (() => new Date());
    this.#revocations = new RevocationList(options.store);
    this.urls = createTrustUrls(options.baseUrl);
    this.#tsa = new TsaRotation(hierarchy, options.store, this.urls, this.#now);
  }

  rootCertificate(): Uint8Array {
    return this.#authority('root').certificate;
  }

  rootCertificatePem(): string {
    return encodePem(this.rootCertificate());
  }

  authorityNames(): readonly AuthorityId[] {
    return AUTHORITY_IDS;
  }

  authorityCertificate(name: string): Uint8Array {
    return this.#authority(name).certificate;
  }

  tsaCertificate(): Uint8Array {
    return this.#hierarchy.tsa.certificate;
  }

  certifyKey(
    subject: SignerSubject,
    spki: Uint8Array,
    validityMs?: number,
  ): { certificate: Uint8Array; chain: Uint8Array[] } {
    const issuer = this.#authority(signerAuthorityId(subject.quality, subject.legislation));
    return this.#certify(issuer, encodeSignerSubject(subject), spki, validityMs, (ref) =>
      encodeSignerExtensions(subject, spki, ref, this.urls),
    );
  }

  certifyQualifiedSealKey(
    subject: Omit<SealSubject, 'quality' | 'keyAlgorithm'>,
    spki: Uint8Array,
    validityMs?: number,
  ): { certificate: Uint8Array; chain: Uint8Array[] } {
    const issuer = this.#authority(signerAuthorityId('qes', 'eidas'));
    const sealSubject = { ...subject, quality: 'qes' as const };
    return this.#certify(issuer, encodeSealSubject(sealSubject), spki, validityMs, (ref) =>
      encodeSealExtensions(sealSubject, spki, ref, this.urls),
    );
  }

  /** An end-entity certificate of `issuer` for a key made elsewhere, and the chain above it. */
  #certify(
    issuer: Authority,
    subject: Uint8Array,
    spki: Uint8Array,
    validityMs: number | undefined,
    extensions: (issuer: IssuerRef) => Uint8Array[],
  ): { certificate: Uint8Array; chain: Uint8Array[] } {
    const certificate = this.#issue(issuer, {
      subject,
      spki,
      extensions: extensions(this.#refTo(issuer)),
      ...(validityMs !== undefined && { validityMs }),
    });
    return { certificate, chain: this.#chainFrom(issuer) };
  }

  /** One signature's key and certificate, valid until its CA expires (ADR 037). */
  async issueSignerCertificate(subject: SignerSubject): Promise<Signer> {
    const key = await generateKeyPair(subject.keyAlgorithm ?? 'P-256');
    const { certificate, chain } = this.certifyKey(subject, key.spki);
    return new LocalSigner(key, certificate, chain);
  }

  async issueSealCertificate(subject: SealSubject): Promise<LocalSigner> {
    const key = await generateKeyPair(subject.keyAlgorithm ?? 'P-256');
    const issuer = this.#authority('seal');
    const certificate = this.#issue(issuer, {
      subject: encodeSealSubject(subject),
      spki: key.spki,
      extensions: encodeSealExtensions(subject, key.spki, this.#refTo(issuer), this.urls),
    });
    return new LocalSigner(key, certificate, this.#chainFrom(issuer));
  }

  async createSealKey(subject: SealSubject, label: string): Promise<StoredSealKey> {
    const signer = await this.issueSealCertificate(subject);
    const key = signer.keyPair;
    return {
      label,
      certificate: signer.certificate,
      chain: signer.chain,
      keyAlgorithm: key.algorithm,
      sealedKey: sealPrivateKey(this.#hierarchy.wrappingKey, sealKeyLabel(label), key),
    };
  }

  openSealKey(stored: StoredSealKey): Signer {
    const { spki } = readCertificateFields(stored.certificate);
    const key = openPrivateKey(
      this.#hierarchy.wrappingKey,
      sealKeyLabel(stored.label),
      stored.sealedKey,
      spki,
      stored.keyAlgorithm,
    );
    return new LocalSigner(key, stored.certificate, stored.chain);
  }

  sealKeptKey(label: string, key: KeyObject): SealedBlob {
    return sealBlob(
      this.#hierarchy.wrappingKey,
      keptKeyLabel(label),
      key.export({ format: 'der', type: 'pkcs8' }),
    );
  }

  openKeptKey(label: string, sealed: SealedBlob): KeyObject {
    const der = openBlob(this.#hierarchy.wrappingKey, keptKeyLabel(label), sealed);
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  }

  async timestamp(messageImprintSha256: Uint8Array): Promise<Uint8Array> {
    if (messageImprintSha256.length !== 32) throw new RangeError('a SHA-256 message imprint is 32 bytes');
    return createTimeStampToken(await this.#tsa.current(), {
      hashAlgorithm: OID.sha256,
      hashAlgorithmHasNullParameters: false,
      hashedMessage: messageImprintSha256,
      // pades embeds the token as it is, so it carries the TSA certificate for validators
      isCertificateRequested: true,
    });
  }

  // the request parsers load pkijs, which signing and issuing have no use for (start-up time)
  async respondTimestamp(requestDer: Uint8Array): Promise<Uint8Array> {
    const { respondTimeStampRequest } = await import('./tsa-request.js');
    return respondTimeStampRequest(await this.#tsa.current(), requestDer);
  }

  async respondOcsp(requestDer: Uint8Array): Promise<Uint8Array> {
    const { respondOcspRequest } = await import('./ocsp-request.js');
    return respondOcspRequest(this.#hierarchy, await this.#revocations.list(), this.#now(), requestDer);
  }

  async crl(issuerName: string): Promise<Uint8Array> {
    return this.#currentCrl(this.#authority(issuerName), await this.#revocations.list(), this.#now());
  }

  /**
   * The authority's CRL as a CA publishes one: signed again when a revocation changes what it
   * lists or when it is CRL_REISSUE_AFTER old, otherwise the same list (and the same bytes) for
   * everyone who asks, so that validators can recognise and cache it.
   */
  #currentCrl(authority: Authority, revocations: readonly Revocation[], now: Date): Uint8Array {
    const lists = revocations
      .filter((revocation) => revocation.issuer === authority.id)
      .map((revocation) => `${revocation.serialHex} ${revocation.revokedAt} ${revocation.reason ?? ''}`)
      .join('\n');
    const last = this.#crls.get(authority.id);
    const age = last ? now.getTime() - last.issuedAt : -1;
    if (last && last.lists === lists && age >= 0 && age < CRL_REISSUE_AFTER) return last.der;
    const der = buildCrl(authority, revocations, now);
    this.#crls.set(authority.id, { der, lists, issuedAt: now.getTime() });
    return der;
  }

  async revoke(serialHex: string, reason?: number): Promise<void> {
    const normalised = normaliseSerialHex(serialHex);
    const index = readSerialIssuer(
      this.#hierarchy.serialSecret,
      Buffer.from(normalised.padStart(2, '0'), 'hex'),
    );
    const issuer = index === undefined ? undefined : AUTHORITY_IDS[index];
    if (!issuer)
      throw new TrustError('trust.unknown_serial', `serial ${serialHex} was not issued by this hierarchy`);
    if (reason !== undefined && (!Number.isInteger(reason) || reason < 0 || reason > 10 || reason === 7)) {
      throw new RangeError(`invalid CRLReason ${reason}`);
    }
    await this.#revocations.add({
      serialHex: normalised,
      issuer,
      revokedAt: this.#now().toISOString(),
      reason: reason || undefined,
    });
  }

  async collectValidationData(...chains: Uint8Array[][]): Promise<ValidationMaterial> {
    const revocations = await this.#revocations.list();
    const now = this.#now();
    const material: ValidationMaterial = { certificates: [], ocspResponses: [], crls: [] };
    const crlIssuers = new Set<AuthorityId>();
    const answered = new Set<string>();
    for (const certificate of chains.flat()) {
      const authority = this.#issuerOf(certificate);
      if (!authority) continue; // not ours (or a self-signed root): nothing to say about it
      const isAuthority = [...this.#hierarchy.authorities.values()].some(
        (candidate) => Buffer.from(candidate.certificate).equals(certificate) && candidate.id !== 'root',
      );
      if (isAuthority || Buffer.from(certificate).equals(this.#hierarchy.tsa.certificate)) {
        crlIssuers.add(authority.id);
        continue;
      }
      // an end entity in two chains gets one answer
      const key = Buffer.from(certificate).toString('base64');
      if (answered.has(key)) continue;
      answered.add(key);
      const certId = createCertId(certificate, authority.certificate);
      material.ocspResponses.push(
        buildOcspResponse({ hierarchy: this.#hierarchy, authority, certIds: [certId], revocations, now }),
      );
      const responder = this.#hierarchy.responder.certificates.get(authority.id)!;
      if (!material.certificates.includes(responder)) material.certificates.push(responder);
    }
    for (const id of crlIssuers) material.crls.push(this.#currentCrl(this.#authority(id), revocations, now));
    return material;
  }

  /** Our authority that issued `certificate`, from the serial's issuer index, checked against the issuer name. */
  #issuerOf(certificate: Uint8Array): Authority | undefined {
    const { serial, issuer, subject } = readCertificateFields(certificate);
    if (Buffer.from(issuer).equals(subject)) return undefined;
    const index = readSerialIssuer(this.#hierarchy.serialSecret, serial);
    const id = index === undefined ? undefined : AUTHORITY_IDS[index];
    const authority = id ? this.#hierarchy.authorities.get(id) : undefined;
    return authority && Buffer.from(authority.name).equals(issuer) ? authority : undefined;
  }

  #authority(name: string): Authority {
    const authority = this.#hierarchy.authorities.get(name as AuthorityId);
    if (!authority) throw new TrustError('trust.unknown_issuer', `no authority named "${name}"`);
    return authority;
  }

  #refTo(issuer: Authority): IssuerRef {
    return { id: issuer.id, name: issuer.name, spki: issuer.key.spki };
  }

  #chainFrom(issuer: Authority): Uint8Array[] {
    return issuer.id === 'root' ? [issuer.certificate] : [issuer.certificate, this.rootCertificate()];
  }

  #issue(
    issuer: Authority,
    template: { subject: Uint8Array; spki: Uint8Array; extensions: Uint8Array[]; validityMs?: number },
  ): Uint8Array {
    const now = this.#now();
    const until = template.validityMs === undefined ? Infinity : now.getTime() + template.validityMs;
    return buildCertificate(
      {
        serial: mintSerial(this.#hierarchy.serialSecret, issuer.index),
        subject: template.subject,
        notBefore: new Date(now.getTime() - VALIDITY.backdate),
        notAfter: new Date(Math.min(until, issuer.notAfter.getTime())),
        spki: template.spki,
        extensions: template.extensions,
      },
      issuer,
    );
  }
}
