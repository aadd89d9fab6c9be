// A CSC API v2 sandbox provider running on our own CA: per-user qualified RSA keys certified by
// the qes CA, OAuth2 (client credentials, authorization code, pushed authorisation requests with
// a consent page: sandbox-oauth.ts), and an online OTP that the sandbox shows to its caller
// (readOtp) the way a real sandbox shows its test SMS. Seal
// credentials of organisations (qualified seal certificates naming them) are authorised
// implicitly, by the client's own OAuth2 credentials, as a server applies a seal unattended. The server
// mounts `handle` under a URL; paths given to it are relative to that mount ("/info", ...).
// Tokens, codes, OTPs and SADs are in memory; credentials too, unless a store keeps them
// (sandbox-credentials.ts), with which a credential keeps its key across restarts.

import {
  constants,
  createPrivateKey,
  createPublicKey,
  privateEncrypt,
  randomBytes,
  randomInt,
  webcrypto,
} from 'node:crypto';
import { encodePem } from '../certificate.js';
import { VALIDITY } from '../profiles.js';
import type { CountersignTrustServices } from '../trust-services.js';
import type { Legislation } from '../types.js';
import type { CscCredentialInfoResponse, CscInfoResponse } from './protocol.js';
import { CSC_HASH_SHA256, CSC_RSA_ENCRYPTION, CSC_SIGN_ALGORITHMS } from './protocol.js';
import { CscHttpError, json, parseBody } from './sandbox-http.js';
import { checkPasswordAndCode } from './sandbox-step-up.js';
import { SAD_LIFETIME_S, SandboxOAuth, type CscSandboxClient, type SandboxSession } from './sandbox-oauth.js';
import type { CscSandboxRequest, CscSandboxResponse } from './sandbox-http.js';
import {
  SandboxCredentials,
  type CscCredentialStore,
  type SandboxCredential,
} from './sandbox-credentials.js';

export type { CscSandboxRequest, CscSandboxResponse } from './sandbox-http.js';

export type { CscSandboxClient } from './sandbox-oauth.js';

export interface CscSandboxOptions {
  trust: CountersignTrustServices;
  /** public URL where the handler is mounted (announced as the OAuth2 base in /info) */
  baseUrl: string;
  clients: CscSandboxClient[];
  /** milliseconds since the epoch; default Date.now (tests move it to expire OTPs) */
  now?: () => number;
  /**
   * Sends the OTP to the user (an SMS gateway); without it the OTP is only readable through
   * readOtp. The phone is the one given at enrolment.
   */
  deliverOtp?: (otp: {
    credentialId: string;
    userId: string;
    mobile: string | undefined;
    code: string;
  }) => Promise<void>;
  /** keeps the credentials (their keys encrypted) across restarts; without it they live in memory */
  store?: CscCredentialStore;
  /**
   * the legislations whose people the sandbox unlocks with password and code, as Swisscom does
   * for ZertES (sandbox-step-up.ts); default none: the code alone
   */
  pwdotpLegislations?: readonly Legislation[];
}

export interface CscEnrolment {
  userId: string;
  email: string;
  name: string;
  givenName?: string;
  surname?: string;
  country?: string;
  legislation: Legislation;
  /** where OTPs go (deliverOtp) */
  mobile?: string;
}

/** An organisation's seal (EN 319 412-3: the certificate names the organisation). */
export interface CscSealEnrolment {
  userId: string;
  organisation: string;
  /** the organisation's registration (organizationIdentifier) */
  organisationIdentifier?: string;
  /** the seal's own name (CN); default: the organisation */
  commonName?: string;
  country?: string;
}

const OTP_LIFETIME_MS = 300_000;
/** wrong OTPs accepted before the OTP is locked (a new one must be sent) */
const OTP_ATTEMPTS = 3;
// DigestInfo ::= SEQUENCE { digestAlgorithm AlgorithmIdentifier (sha256, NULL), digest OCTET STRING (32) } — the prefix before the hash (RFC 8017 9.2 note 1)
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

const token = (): string => randomBytes(24).toString('base64url');

export class CscSandbox {
  readonly #options: CscSandboxOptions;
  readonly #oauth: SandboxOAuth;
  readonly #credentials: SandboxCredentials;
  readonly #sads = new Map<
    string,
    { credentialId: string; hashes: Set<string>; remaining: number; expiresAt: number }
  >();

  readonly #now: () => number;

  constructor(options: CscSandboxOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
    this.#now = options.now ?? Date.now;
    this.#credentials = new SandboxCredentials(options.trust, options.store);
    this.#oauth = new SandboxOAuth({
      clients: options.clients,
      now: this.#now,
      credentials: this.#credentials,
    });
  }

  /** Registers a user after (sandbox) identification: a fresh RSA-2048 key certified by the qes CA. */
  async enrolUser(enrolment: CscEnrolment): Promise<{ credentialId: string }> {
    // where the sandbox plays Swisscom: password and code (sandbox-step-up.ts)
    const stepUp = this.#options.pwdotpLegislations?.includes(enrolment.legislation) ? 'pwdotp' : 'otp';
    return this.#addCredential(enrolment.userId, 'explicit', stepUp, enrolment.mobile, (spki) =>
      this.#options.trust.certifyKey({ ...enrolment, quality: 'qes' }, spki, VALIDITY.cscCredential),
    );
  }

  /**
   * Renews the certificate of a person's first credential after a new identification, as a QTSP
   * does: the same key and credential id, a new certificate (so a new serial number) for the
   * subject given. Answers the credential id, or undefined when the person has none.
   */
  async renewUser(enrolment: CscEnrolment): Promise<{ credentialId: string } | undefined> {
    const [credentialId] = await this.#credentials.idsOf(enrolment.userId);
    const credential = credentialId ? this.#credentials.get(credentialId) : undefined;
    if (!credentialId || !credential) return undefined;
    const spki = new Uint8Array(createPublicKey(credential.key).export({ type: 'spki', format: 'der' }));
    const { certificate, chain } = this.#options.trust.certifyKey(
      { ...enrolment, quality: 'qes' },
      spki,
      VALIDITY.cscCredential,
    );
    await this.#credentials.setCertificates(credentialId, [certificate, ...chain]);
    return { credentialId };
  }

  /**
   * Registers an organisation's seal: a fresh RSA-2048 key with a qualified seal certificate
   * naming the organisation, from the qualified eIDAS CA, authorised implicitly.
   */
  async enrolSeal(enrolment: CscSealEnrolment): Promise<{ credentialId: string }> {
    const { userId, ...subject } = enrolment;
    return this.#addCredential(userId, 'implicit', 'otp', undefined, (spki) =>
      this.#options.trust.certifyQualifiedSealKey(subject, spki, VALIDITY.cscCredential),
    );
  }

  async #addCredential(
    userId: string,
    authMode: SandboxCredential['authMode'],
    stepUp: SandboxCredential['stepUp'],
    mobile: string | undefined,
    certify: (spki: Uint8Array) => { certificate: Uint8Array; chain: Uint8Array[] },
  ): Promise<{ credentialId: string }> {
    const pair = (await webcrypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 2048,
        publicExponent: Uint8Array.of(1, 0, 1),
        hash: 'SHA-256',
      },
      true,
      ['sign', 'verify'],
    )) as webcrypto.CryptoKeyPair;
    const spki = new Uint8Array(await webcrypto.subtle.exportKey('spki', pair.publicKey));
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey));
    const { certificate, chain } = certify(spki);
    const credentialId = `cred-${randomBytes(8).toString('hex')}`;
    await this.#credentials.add(credentialId, {
      userId,
      key: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
      certificates: [certificate, ...chain],
      mobile,
      authMode,
      stepUp,
    });
    return { credentialId };
  }

  /** The OTP last sent for a credential: what the sandbox "SMS" says. */
  readOtp(credentialId: string): string | undefined {
    return this.#credentials.get(credentialId)?.otp?.code;
  }

  /** PEM of a credential's certificate (for display in a sandbox page). */
  credentialCertificatePem(credentialId: string): string | undefined {
    const certificate = this.#credentials.get(credentialId)?.certificates[0];
    return certificate ? encodePem(certificate) : undefined;
  }

  async handle(request: CscSandboxRequest): Promise<CscSandboxResponse> {
    try {
      const url = new URL(request.path, 'http://sandbox.invalid');
      const route = url.pathname.replace(/\/+$/, '');
      if (request.method === 'GET' && route === '/oauth2/authorize') return await this.#oauth.authorize(url);
      if (request.method !== 'POST') throw new CscHttpError(405, 'invalid_request', 'use POST');
      const body = parseBody(request);
      const oauth = this.#oauth;
      switch (route) {
        case '/info':
          return json(200, this.#info());
        case '/oauth2/authorize':
          return oauth.consent(body);
        case '/oauth2/pushed_authorize':
          return json(201, oauth.pushAuthorize(request, body));
        case '/oauth2/token':
          return json(200, oauth.issueToken(request, body));
        case '/credentials/list':
          return json(200, await this.#listCredentials(oauth.authenticate(request), body));
        case '/credentials/info':
          return json(200, this.#credentialInfo(oauth.authenticate(request), body));
        case '/credentials/sendOTP':
          await this.#sendOtp(oauth.authenticate(request), body);
          return { status: 204, headers: {}, body: '' };
        case '/credentials/authorize':
          return json(200, await this.#authorizeCredential(oauth.authenticate(request), body));
        case '/signatures/signHash':
          return json(200, this.#signHash(request, oauth.authenticate(request), body));
        default:
          throw new CscHttpError(404, 'invalid_request', `no endpoint ${route}`);
      }
    } catch (error) {
      if (error instanceof CscHttpError) {
        return json(error.status, { error: error.error, error_description: error.description });
      }
      throw error;
    }
  }

  #info(): CscInfoResponse {
    return {
      specs: '2.0.0.0',
      name: 'Countersign CSC sandbox',
      logo: '',
      region: 'CH',
      lang: 'en-US',
      description: 'Remote qualified signatures on the Countersign development CA. Not for production.',
      authType: ['oauth2client', 'oauth2code'],
      oauth2: this.#options.baseUrl,
      methods: [
        'oauth2/token',
        'oauth2/authorize',
        'oauth2/pushed_authorize',
        'credentials/list',
        'credentials/info',
        'credentials/sendOTP',
        'credentials/authorize',
        'signatures/signHash',
      ],
    };
  }

  async #listCredentials(
    session: SandboxSession,
    body: Record<string, unknown>,
  ): Promise<{ credentialIDs: string[] }> {
    const userId = session.userId ?? (typeof body.userID === 'string' ? body.userID : undefined);
    if (!userId) throw new CscHttpError(400, 'invalid_request', 'userID is required with client credentials');
    if (session.userId && body.userID !== undefined && body.userID !== session.userId) {
      throw new CscHttpError(403, 'access_denied', 'the token belongs to another user');
    }
    return { credentialIDs: await this.#credentials.idsOf(userId) };
  }

  #credential(session: SandboxSession, body: Record<string, unknown>): [string, SandboxCredential] {
    const credentialId = String(body.credentialID ?? '');
    const credential = this.#credentials.get(credentialId);
    if (!credential) throw new CscHttpError(400, 'invalid_request', 'unknown credentialID');
    if (session.userId && session.userId !== credential.userId) {
      throw new CscHttpError(403, 'access_denied', 'the credential belongs to another user');
    }
    return [credentialId, credential];
  }

  #credentialInfo(session: SandboxSession, body: Record<string, unknown>): CscCredentialInfoResponse {
    const [, credential] = this.#credential(session, body);
    const which = body.certificates ?? 'single';
    const certificates =
      which === 'none'
        ? []
        : which === 'chain'
          ? credential.certificates
          : credential.certificates.slice(0, 1);
    return {
      key: {
        status: this.#oauth.isLocked(String(body.credentialID)) ? 'disabled' : 'enabled',
        algo: [CSC_SIGN_ALGORITHMS['RSA-2048'], CSC_RSA_ENCRYPTION],
        len: 2048,
      },
      cert: { status: 'valid', certificates: certificates.map((der) => Buffer.from(der).toString('base64')) },
      ...(credential.authMode === 'implicit'
        ? { authMode: 'implicit', SCAL: '1', PIN: { presence: 'false' }, OTP: { presence: 'false' } }
        : {
            authMode: 'explicit',
            SCAL: '2',
            PIN:
              credential.stepUp === 'pwdotp'
                ? {
                    presence: 'true',
                    format: 'A',
                    label: 'Password',
                    description: 'Your password at the provider',
                  }
                : { presence: 'false' },
            OTP: {
              presence: 'true',
              type: 'online',
              format: 'N',
              label: 'Code',
              description: 'The code shown by the sandbox',
            },
          }),
      multisign: 1,
      lang: 'en-US',
    };
  }

  async #sendOtp(session: SandboxSession, body: Record<string, unknown>): Promise<void> {
    const [credentialId, credential] = this.#credential(session, body);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    credential.otp = { code, expiresAt: this.#now() + OTP_LIFETIME_MS, attemptsLeft: OTP_ATTEMPTS };
    await this.#options.deliverOtp?.({
      credentialId,
      userId: credential.userId,
      mobile: credential.mobile,
      code,
    });
  }

  /** CSC v2 11.6: SCAL2 binds the SAD to the hashes it authorizes. */
  async #authorizeCredential(
    session: SandboxSession,
    body: Record<string, unknown>,
  ): Promise<{ SAD: string; expiresIn: number }> {
    const [credentialId, credential] = this.#credential(session, body);
    const hashes = Array.isArray(body.hashes) ? body.hashes.map(String) : [];
    const count = Number(body.numSignatures ?? 0);
    if (hashes.length === 0 || count !== hashes.length) {
      throw new CscHttpError(400, 'invalid_request', 'numSignatures must match the hashes (SCAL2)');
    }
    if (credential.authMode === 'implicit') return this.#grantSad(credentialId, hashes, count);
    if (credential.stepUp === 'pwdotp') {
      const { newPasswordHash } = checkPasswordAndCode(
        credential,
        { pin: body.PIN, otp: body.OTP },
        this.#now(),
      );
      if (newPasswordHash) await this.#credentials.setPassword(credentialId, newPasswordHash);
      return this.#grantSad(credentialId, hashes, count);
    }
    // The error names tell the three refusals apart (CSC v2 only defines invalid_otp); a locked
    // OTP stays locked until a new one is sent.
    const otp = credential.otp;
    if (!otp) throw new CscHttpError(400, 'invalid_otp', 'no OTP pending: call credentials/sendOTP');
    if (otp.attemptsLeft <= 0)
      throw new CscHttpError(400, 'otp_locked', 'too many wrong OTPs: send a new one');
    if (otp.expiresAt < this.#now()) throw new CscHttpError(400, 'otp_expired', 'the OTP has expired');
    if (body.OTP !== otp.code) {
      otp.attemptsLeft--;
      throw new CscHttpError(400, otp.attemptsLeft <= 0 ? 'otp_locked' : 'invalid_otp', 'the OTP is wrong');
    }
    credential.otp = undefined;
    return this.#grantSad(credentialId, hashes, count);
  }

  #grantSad(credentialId: string, hashes: string[], count: number): { SAD: string; expiresIn: number } {
    const sad = token();
    this.#sads.set(sad, {
      credentialId,
      hashes: new Set(hashes),
      remaining: count,
      expiresAt: this.#now() + SAD_LIFETIME_S * 1000,
    });
    return { SAD: sad, expiresIn: SAD_LIFETIME_S };
  }

  /**
   * CSC v2 11.9. The authorisation is a SAD from credentials/authorize, or the bearer token itself
   * when it was bought with a credential-scoped code (the PAR flow): either way only its hashes.
   */
  #signHash(
    request: CscSandboxRequest,
    session: SandboxSession,
    body: Record<string, unknown>,
  ): { signatures: string[] } {
    const [credentialId, credential] = this.#credential(session, body);
    const hashes = Array.isArray(body.hashes) ? body.hashes.map(String) : [];
    if (this.#oauth.isLocked(credentialId)) throw new CscHttpError(400, 'access_denied', 'credential_locked');
    const sadKey = String(body.SAD ?? '');
    const sad = session.grant && !body.SAD ? session.grant : this.#sads.get(sadKey);
    if (!sad || sad.credentialId !== credentialId)
      throw new CscHttpError(400, 'invalid_request', 'Invalid parameter SAD');
    // a credential-scoped token's own expiry was checked when it was presented
    if (sad !== session.grant && this.#sads.get(sadKey)!.expiresAt < this.#now())
      throw new CscHttpError(400, 'invalid_request', 'SAD expired');
    if (
      hashes.length === 0 ||
      hashes.length > sad.remaining ||
      hashes.some((hash) => !sad.hashes.has(hash))
    ) {
      throw new CscHttpError(400, 'invalid_request', 'the hashes were not authorized by this SAD');
    }
    const isRsa = body.signAlgo === CSC_SIGN_ALGORITHMS['RSA-2048'] || body.signAlgo === CSC_RSA_ENCRYPTION;
    if (!isRsa) throw new CscHttpError(400, 'invalid_request', 'unsupported signAlgo for this RSA key');
    if (body.signAlgo === CSC_RSA_ENCRYPTION && body.hashAlgorithmOID !== CSC_HASH_SHA256) {
      throw new CscHttpError(400, 'invalid_request', 'hashAlgorithmOID must be SHA-256');
    }
    sad.remaining -= hashes.length;
    if (sad.remaining === 0) this.#sads.delete(sadKey);
    if (sad === session.grant) this.#oauth.forgetSpent(request);
    const signatures = hashes.map((hash) => {
      const digest = Buffer.from(hash, 'base64');
      if (digest.length !== 32) throw new CscHttpError(400, 'invalid_request', 'hashes must be SHA-256');
      // PKCS#1 v1.5 signature of a precomputed hash: EMSA-PKCS1-v1_5 over DigestInfo (RFC 8017 9.2)
      const signature = privateEncrypt(
        { key: credential.key, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([SHA256_DIGEST_INFO_PREFIX, digest]),
      );
      return signature.toString('base64');
    });
    return { signatures };
  }
}

export function createCscSandbox(options: CscSandboxOptions): CscSandbox {
  return new CscSandbox(options);
}
