// @countersign/trust: our own trust services (CA hierarchy, per-signer certificates, RFC 3161
// TSA, OCSP, CRLs) and a Cloud Signature Consortium API v2 client and sandbox.

export type {
  KeyAlgorithm,
  Legislation,
  SealSubject,
  SignatureLevelQuality,
  Signer,
  SignerSubject,
  StoredSealKey,
  TrustOptions,
  TrustServices,
  TrustStore,
  ValidationMaterial,
} from './types.js';
export { DirectoryTrustStore } from './store.js';
export { TrustError } from './errors.js';
export type { TrustErrorCode } from './errors.js';
export { openTrustServices } from './trust-services.js';
export type { CountersignTrustServices } from './trust-services.js';
export { encodePem, serialToHex, readCertificateFields } from './certificate.js';
export { AUTHORITY_IDS, VALIDITY, createTrustUrls } from './profiles.js';
export type { AuthorityId, TrustUrls } from './profiles.js';
export { OID, TSA_POLICY_OID, sealPolicyOid, signerPolicyOid } from './oids.js';
export { CscClient } from './csc/client.js';
export {
  credentialAuthorisationUrl,
  pushCredentialAuthorisation,
  signWithCredentialCode,
} from './csc/code-flow.js';
export type { CredentialAuthorisationRequest } from './csc/code-flow.js';
export type { CscAuthorisation, CscClientOptions, CscCredential, CscOAuth } from './csc/client.js';
export { CscSandbox, createCscSandbox } from './csc/sandbox.js';
export type {
  CscEnrolment,
  CscSealEnrolment,
  CscSandboxClient,
  CscSandboxOptions,
  CscSandboxRequest,
  CscSandboxResponse,
} from './csc/sandbox.js';
export type { CscCredentialStore, StoredCscCredential } from './csc/sandbox-credentials.js';
export type { PendingRemoteSignature } from './csc/protocol.js';
export { LocalSigner } from './local-signer.js';
import type { CmsSigner } from './cms-signer.js';
export type { CmsSigner };
/** The signer of a CMS SignedData from elsewhere, its signature checked (loads pkijs on first use). */
export async function readCmsSigner(der: Uint8Array): Promise<CmsSigner> {
  const { readCmsSigner: read } = await import('./cms-signer.js');
  return read(der);
}
