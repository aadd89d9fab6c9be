// The part of node:crypto the validator uses, for the browser (ADR 079). Digests are computed at
// once (@noble/hashes); signature checks are not, since WebCrypto only answers asynchronously and
// the validator is synchronous. Each check is therefore answered from `verdicts`: a check not yet
// known answers false and is written down in `asked`; `verify-in-browser.ts` has WebCrypto
// settle what was asked and runs the validator again, until a run asks nothing new. That last
// run's every signature check was answered by WebCrypto, so its report is the validator's own.
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { readX509, type ParsedX509 } from './x509.js';

export const constants = { RSA_PKCS1_PADDING: 1, RSA_PKCS1_PSS_PADDING: 6 } as const;

const HASHES = { sha1, sha256, sha384, sha512 } as const;
export type HashName = keyof typeof HASHES;

function hashOf(name: string) {
  const hash = HASHES[name.toLowerCase().replace(/^rsa-/, '').replace('-', '') as HashName];
  if (!hash) throw new Error(`Digest method not supported: ${name}`);
  return hash;
}

type NobleHash = ReturnType<(typeof HASHES)[HashName]['create']>;

export class Hash {
  constructor(readonly state: NobleHash) {}
  update(data: Uint8Array | string): this {
    this.state.update(typeof data === 'string' ? new TextEncoder().encode(data) : data);
    return this;
  }
  digest(): Uint8Array;
  digest(encoding: 'hex'): string;
  digest(encoding?: 'hex'): Uint8Array | string {
    const out = this.state.digest();
    return encoding === 'hex' ? bytesToHex(out) : out;
  }
  copy(): Hash {
    return new Hash(this.state.clone() as NobleHash);
  }
}

export function createHash(name: string): Hash {
  return new Hash(hashOf(name).create() as NobleHash);
}

/** A public key as SubjectPublicKeyInfo, with what WebCrypto needs to import it. */
export class KeyObject {
  constructor(
    readonly spki: Uint8Array,
    readonly kind: 'rsa' | 'ec',
    readonly namedCurve?: 'P-256' | 'P-384' | 'P-521',
  ) {}
}

/** One signature check the validator asked for. */
export interface SignatureQuestion {
  scheme: 'RSASSA-PKCS1-v1_5' | 'RSA-PSS' | 'ECDSA';
  hash: HashName;
  saltLength?: number;
  key: KeyObject;
  data: Uint8Array;
  /** as in the structure: DER (r, s) for ECDSA */
  signature: Uint8Array;
}

const verdicts = new Map<string, boolean>();
const asked = new Map<string, SignatureQuestion>();

function keyOf(q: SignatureQuestion): string {
  const parts = [q.key.spki, q.data, q.signature].map((bytes) => bytesToHex(sha256(bytes)));
  return [q.scheme, q.hash, q.saltLength ?? '', ...parts].join(':');
}

/** Answers a check from what WebCrypto settled; an unknown one is written down and answers false. */
function answer(question: SignatureQuestion): boolean {
  const key = keyOf(question);
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  asked.set(key, question);
  return false;
}

/** The checks asked since the last call, for WebCrypto to settle. */
export function takeQuestions(): [string, SignatureQuestion][] {
  const out = [...asked];
  asked.clear();
  return out;
}

export function settle(key: string, verdict: boolean): void {
  verdicts.set(key, verdict);
}

interface VerifyOptions {
  key: KeyObject;
  padding?: number;
  saltLength?: number;
  dsaEncoding?: 'der';
}

function schemeOf(options: VerifyOptions): SignatureQuestion['scheme'] {
  if (options.key.kind === 'ec') return 'ECDSA';
  return options.padding === constants.RSA_PKCS1_PSS_PADDING ? 'RSA-PSS' : 'RSASSA-PKCS1-v1_5';
}

class Verify {
  readonly #chunks: Uint8Array[] = [];
  constructor(readonly hash: HashName) {}
  update(data: Uint8Array): this {
    this.#chunks.push(data);
    return this;
  }
  verify(options: VerifyOptions | KeyObject, signature: Uint8Array): boolean {
    const opts = options instanceof KeyObject ? { key: options } : options;
    const length = this.#chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const data = new Uint8Array(length);
    let at = 0;
    for (const chunk of this.#chunks) {
      data.set(chunk, at);
      at += chunk.length;
    }
    const scheme = schemeOf(opts);
    return answer({
      scheme,
      hash: this.hash,
      ...(scheme === 'RSA-PSS' ? { saltLength: opts.saltLength ?? 32 } : {}),
      key: opts.key,
      data,
      signature,
    });
  }
}

export function createVerify(name: string): Verify {
  hashOf(name);
  return new Verify(name.toLowerCase().replace(/^rsa-/, '').replace('-', '') as HashName);
}

/** A certificate, read with the properties of Node's X509Certificate the validator reads. */
export class X509Certificate {
  readonly #parsed: ParsedX509;
  readonly raw: Uint8Array;
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  readonly fingerprint256: string;
  readonly keyUsage: string[] | undefined;
  readonly subjectAltName: string | undefined;
  readonly publicKey: KeyObject;

  constructor(der: Uint8Array | string) {
    if (typeof der === 'string') throw new Error('PEM certificates are not read here');
    this.raw = Uint8Array.from(der);
    this.#parsed = readX509(this.raw);
    const p = this.#parsed;
    this.subject = p.subject;
    this.issuer = p.issuer;
    this.validFrom = p.notBefore.toUTCString();
    this.validTo = p.notAfter.toUTCString();
    this.fingerprint256 = (bytesToHex(sha256(this.raw)).match(/../g) ?? []).join(':').toUpperCase();
    this.keyUsage = p.extendedKeyUsage;
    this.subjectAltName = p.subjectAltName;
    this.publicKey = new KeyObject(p.spki, p.keyKind, p.namedCurve);
  }

  /** Node's check: the issuer's subject is this certificate's issuer, and the key identifiers agree. */
  checkIssued(other: X509Certificate): boolean {
    const mine = this.#parsed;
    const theirs = other.#parsed;
    if (this.issuer !== other.subject) return false;
    if (mine.authorityKeyId && theirs.subjectKeyId)
      return bytesToHex(mine.authorityKeyId) === bytesToHex(theirs.subjectKeyId);
    return true;
  }

  /** Whether `publicKey` made this certificate's signature (settled by WebCrypto, see above). */
  verify(publicKey: KeyObject): boolean {
    const { signature } = this.#parsed;
    if (!signature.hash) return false;
    return answer({
      scheme: publicKey.kind === 'ec' ? 'ECDSA' : signature.scheme,
      hash: signature.hash,
      ...(signature.scheme === 'RSA-PSS' ? { saltLength: signature.saltLength ?? 32 } : {}),
      key: publicKey,
      data: this.#parsed.tbs,
      signature: signature.value,
    });
  }
}
