// The CSC sandbox's credentials: held in memory to sign with, and kept by an optional store so
// that a credential (a business's qualified seal above all) keeps its key and certificate across
// restarts and is found by every process on the same data. The store sees a kept credential's
// private key only as the trust services encrypted it, under the key-encryption key as the CA and
// seal keys are, bound to its user and id, so a stored row cannot lend its key to another user.
import type { KeyObject } from 'node:crypto';
import type { CountersignTrustServices } from '../trust-services.js';

export interface SandboxCredential {
  userId: string;
  key: KeyObject;
  /** the certificate, then its chain (DER) */
  certificates: Uint8Array[];
  mobile: string | undefined;
  /**
   * CSC v2 authMode: `explicit` (a person's OTP for every authorisation) or `implicit` (a seal,
   * authorised by the client that holds an access token for it, with no person to ask)
   */
  authMode: 'explicit' | 'implicit';
  /**
   * what unlocks an explicit credential: the texted code (`otp`), or the person's password at the
   * provider with it (`pwdotp`, the Swisscom step-up of ZertES credentials: sandbox-step-up.ts)
   */
  stepUp: 'otp' | 'pwdotp';
  /** the password of a pwdotp credential (scrypt), once its person chose one */
  passwordHash?: string | undefined;
  /** tries left before wrong passwords and codes lock a pwdotp credential */
  stepUpAttemptsLeft?: number;
  /** the OTP last sent, held by this process only */
  otp?: { code: string; expiresAt: number; attemptsLeft: number };
  /** wrong codes on the consent page lock the credential until then (ms since 1970) */
  lockedUntil?: number;
}

/** A credential as its store keeps it. */
export interface StoredCscCredential {
  credentialId: string;
  userId: string;
  authMode: SandboxCredential['authMode'];
  stepUp: SandboxCredential['stepUp'];
  passwordHash: string | null;
  mobile: string | null;
  certificates: Uint8Array[];
  /** the PKCS#8 private key, AES-256-GCM under the key-encryption key */
  sealedKey: { iv: string; data: string };
}

export interface CscCredentialStore {
  add(credential: StoredCscCredential): Promise<void>;
  /** the credentials kept for `userId`, oldest first */
  ofUser(userId: string): Promise<StoredCscCredential[]>;
  /** keeps the password a pwdotp credential's person chose (its scrypt hash) */
  setPassword(credentialId: string, passwordHash: string): Promise<void>;
  /** keeps a renewed certificate (and its chain) of a credential, its key unchanged */
  setCertificates(credentialId: string, certificates: Uint8Array[]): Promise<void>;
}

const keyLabel = (userId: string, credentialId: string) => `csc-credential:${userId}:${credentialId}`;

export class SandboxCredentials {
  readonly #held = new Map<string, SandboxCredential>();
  readonly #trust: CountersignTrustServices;
  readonly #store: CscCredentialStore | undefined;

  constructor(trust: CountersignTrustServices, store: CscCredentialStore | undefined) {
    this.#trust = trust;
    this.#store = store;
  }

  /** A new credential, kept first (a credential the store refused is not issued). */
  async add(credentialId: string, credential: SandboxCredential): Promise<void> {
    await this.#store?.add({
      credentialId,
      userId: credential.userId,
      authMode: credential.authMode,
      stepUp: credential.stepUp,
      passwordHash: credential.passwordHash ?? null,
      mobile: credential.mobile ?? null,
      certificates: credential.certificates,
      sealedKey: this.#trust.sealKeptKey(keyLabel(credential.userId, credentialId), credential.key),
    });
    this.#held.set(credentialId, credential);
  }

  /** Keeps the first password of a pwdotp credential, for this process and the store. */
  async setPassword(credentialId: string, passwordHash: string): Promise<void> {
    await this.#store?.setPassword(credentialId, passwordHash);
    const held = this.#held.get(credentialId);
    if (held) held.passwordHash = passwordHash;
  }

  /** Replaces a credential's certificate and chain, as a renewal does, for this process and the store. */
  async setCertificates(credentialId: string, certificates: Uint8Array[]): Promise<void> {
    await this.#store?.setCertificates(credentialId, certificates);
    const held = this.#held.get(credentialId);
    if (held) held.certificates = certificates;
  }

  /** A credential this process holds (every credential it listed or issued). */
  get(credentialId: string): SandboxCredential | undefined {
    return this.#held.get(credentialId);
  }

  /** The ids of a user's credentials, oldest first: those kept before a restart or by another process too. */
  async idsOf(userId: string): Promise<string[]> {
    if (!this.#store) {
      return [...this.#held].filter(([, credential]) => credential.userId === userId).map(([id]) => id);
    }
    const kept = await this.#store.ofUser(userId);
    for (const stored of kept) {
      if (this.#held.has(stored.credentialId)) continue;
      this.#held.set(stored.credentialId, {
        userId: stored.userId,
        key: this.#trust.openKeptKey(keyLabel(stored.userId, stored.credentialId), stored.sealedKey),
        certificates: stored.certificates,
        mobile: stored.mobile ?? undefined,
        authMode: stored.authMode,
        stepUp: stored.stepUp,
        passwordHash: stored.passwordHash ?? undefined,
      });
    }
    return kept.map((stored) => stored.credentialId);
  }
}
