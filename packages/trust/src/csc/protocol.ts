// Wire shapes of the Cloud Signature Consortium API v2 (CSC "Architectures and protocols for
// remote signature applications", v2.0), the subset this package speaks, plus the serialisable
// state of a remote signature between "hash ready" and "signature arrived".

import type { KeyAlgorithm } from '../types.js';

export const CSC_SIGN_ALGORITHMS = {
  /** sha256WithRSAEncryption: PKCS#1 v1.5 over SHA-256 */
  'RSA-2048': '1.2.840.113549.1.1.11',
  /** ecdsa-with-SHA256 */
  'P-256': '1.2.840.10045.4.3.2',
} as const satisfies Record<KeyAlgorithm, string>;
export const CSC_RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
export const CSC_HASH_SHA256 = '2.16.840.1.101.3.4.2.1';

export interface CscInfoResponse {
  specs: string;
  name: string;
  logo: string;
  region: string;
  lang: string;
  description: string;
  authType: string[];
  oauth2?: string;
  methods: string[];
}

export interface CscTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
}

export interface CscCredentialsListResponse {
  credentialIDs: string[];
}

export interface CscCredentialInfoResponse {
  key: { status: 'enabled' | 'disabled'; algo: string[]; len: number; curve?: string };
  cert: {
    status: 'valid' | 'expired' | 'revoked' | 'suspended';
    /** base64 DER, end entity first, then the chain when certificates = "chain" */
    certificates: string[];
    issuerDN?: string;
    serialNumber?: string;
    subjectDN?: string;
    validFrom?: string;
    validTo?: string;
  };
  /** implicit: authorised by the client's own credentials (seals applied unattended) */
  authMode: 'implicit' | 'explicit' | 'oauth2code';
  SCAL: '1' | '2';
  PIN?: { presence: 'true' | 'false' | 'optional'; format?: 'A' | 'N'; label?: string; description?: string };
  OTP?: {
    presence: 'true' | 'false' | 'optional';
    type?: 'offline' | 'online';
    format?: 'A' | 'N';
    label?: string;
    description?: string;
    provider?: string;
  };
  multisign: number;
  lang?: string;
}

export interface CscAuthorizeResponse {
  SAD: string;
  expiresIn?: number;
}

export interface CscSignHashResponse {
  signatures: string[];
}

export interface CscErrorResponse {
  error: string;
  error_description?: string;
}

/**
 * A remote signature waiting for the user's authorisation (OTP). Plain JSON: store it, show the
 * OTP prompt, and complete it later, in this process or another. It holds no secret: the
 * OAuth2 token is obtained again when completing.
 */
export interface PendingRemoteSignature {
  kind: 'countersign.csc-pending-signature.v1';
  serviceUrl: string;
  credentialId: string;
  /** base64 SHA-256 of the data to be signed (for CMS: the DER of the signed attributes) */
  hash: string;
  keyAlgorithm: KeyAlgorithm;
  /** base64 DER of the signer's certificate and its chain (issuer first) */
  certificate: string;
  chain: string[];
  createdAt: string;
}
