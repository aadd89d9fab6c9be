// The public shapes of the trust services, as agreed in docs/engine-interface.md (second half).
// pades and the server program against these; implementations live in the other modules.

/** Persistence is the caller's: the server backs it with its database/blob store, the CLI with a folder. */
export interface TrustStore {
  get(name: string): Promise<Uint8Array | undefined>;
  put(name: string, data: Uint8Array): Promise<void>;
  /**
   * Optional: write only when nothing is stored under `name` yet, atomically, and say whether
   * this call wrote. When present it keeps two processes that start at once from each keeping
   * a different CA hierarchy (the loser re-reads the winner's).
   */
  putIfAbsent?(name: string, data: Uint8Array): Promise<boolean>;
}

export type Legislation = 'eidas' | 'zertes';
export type SignatureLevelQuality = 'ses' | 'aes' | 'qes';
export type KeyAlgorithm = 'P-256' | 'RSA-2048';

export interface TrustOptions {
  store: TrustStore;
  /** secret from configuration; private keys are stored encrypted with it */
  keyEncryptionKey: string;
  /**
   * public URL prefix where the trust services are published, e.g. "https://sign.example.org/trust";
   * AIA, OCSP and CRL URLs hang off it. Absent: nothing publishes them, and certificates name
   * no address (profiles.ts).
   */
  baseUrl?: string | undefined;
  clock?: () => Date;
}

/**
 * What pades needs to make a CMS signature: the signer's certificate, its chain up to (and
 * including) the root, and a function producing the raw signature value over the DER of the
 * signed attributes (ECDSA values DER-encoded as in CMS; RSA is PKCS#1 v1.5).
 */
export interface Signer {
  /** DER */
  readonly certificate: Uint8Array;
  /** issuer first ... root last (DER) */
  readonly chain: Uint8Array[];
  readonly keyAlgorithm: KeyAlgorithm;
  /** signs SHA-256 of data */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

export interface SignerSubject {
  quality: SignatureLevelQuality;
  legislation: Legislation;
  /** simple: e-mail only is verified; aes/qes: verified name */
  email: string;
  name?: string;
  /** optional parts of the verified name; when absent they are not guessed from `name` */
  givenName?: string;
  surname?: string;
  /** ISO 3166 alpha-2 country of the verified identity */
  country?: string;
  /**
   * The organisation that vouches for the signer's identity (AES for business): its name, and
   * its registration (commercial register) when it has one.
   */
  organisation?: { name: string; identifier?: string };
  /** default P-256 */
  keyAlgorithm?: KeyAlgorithm;
}

export interface SealSubject {
  organisation: string;
  /**
   * The organisation's registration (organizationIdentifier, EN 319 412-1 5.1.4), e.g. its
   * commercial register number, as the operator verified it
   */
  organisationIdentifier?: string;
  /** the seal's own name (CN); default: the organisation */
  commonName?: string;
  country?: string;
  quality: 'aes' | 'qes';
  keyAlgorithm?: KeyAlgorithm;
}

/**
 * A seal's lasting key, as its owner stores it: the certificate and chain (DER, issuer first) and
 * the PKCS#8 private key encrypted under the key-encryption key (AES-256-GCM), bound to `label`
 * so that one seal's key cannot be passed off as another's.
 */
export interface StoredSealKey {
  label: string;
  certificate: Uint8Array;
  chain: Uint8Array[];
  keyAlgorithm: KeyAlgorithm;
  sealedKey: { iv: string; data: string };
}

export interface ValidationMaterial {
  certificates: Uint8Array[];
  ocspResponses: Uint8Array[];
  crls: Uint8Array[];
}

export interface TrustServices {
  /** DER */
  rootCertificate(): Uint8Array;
  rootCertificatePem(): string;
  /** a certificate for one signature (valid as long as its CA, ADR 037) + a fresh key pair */
  issueSignerCertificate(subject: SignerSubject): Promise<Signer>;
  issueSealCertificate(subject: SealSubject): Promise<Signer>;
  /** TimeStampToken (ContentInfo DER) over a SHA-256 message imprint */
  timestamp(messageImprintSha256: Uint8Array): Promise<Uint8Array>;
  /** RFC 3161 TimeStampResp, for HTTP */
  respondTimestamp(requestDer: Uint8Array): Promise<Uint8Array>;
  /** RFC 6960 OCSPResponse, for HTTP */
  respondOcsp(requestDer: Uint8Array): Promise<Uint8Array>;
  /** current CRL (DER) of one issuing CA (or "root") */
  crl(issuerName: string): Promise<Uint8Array>;
  revoke(serialHex: string, reason?: number): Promise<void>;
  /**
   * validation data for one or more certificate chains (used for B-LT): OCSP responses for end
   * entities, CRLs for CAs, and the certificates of the responders, each once, all answering from
   * one reading of the revocation state
   */
  collectValidationData(...chains: Uint8Array[][]): Promise<ValidationMaterial>;
}
