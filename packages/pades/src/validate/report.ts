// The validation report: one entry per signature and document time-stamp, with the indication
// and sub-indication vocabulary of ETSI TS 119 102-1 (section 5.1.3) / 119 102-2.

import type { ChangeKind } from '@countersign/pdf';
import type { SubjectSummary } from '../certificate-fields.js';
import type { PadesLevel } from '../pending-signature.js';

export type Indication = 'TOTAL_PASSED' | 'INDETERMINATE' | 'TOTAL_FAILED';

/** The sub-indications this validator can reach; each belongs to exactly one indication. */
export type SubIndication =
  // TOTAL_FAILED
  | 'FORMAT_FAILURE'
  | 'HASH_FAILURE'
  | 'SIG_CRYPTO_FAILURE'
  | 'REVOKED'
  | 'NOT_YET_VALID'
  // INDETERMINATE
  | 'SIG_CONSTRAINTS_FAILURE'
  | 'NO_SIGNING_CERTIFICATE_FOUND'
  | 'NO_CERTIFICATE_CHAIN_FOUND'
  | 'REVOKED_NO_POE'
  | 'REVOKED_CA_NO_POE'
  | 'OUT_OF_BOUNDS_NO_POE'
  | 'CRYPTO_CONSTRAINTS_FAILURE';

export const INDICATION_OF: Record<SubIndication, Exclude<Indication, 'TOTAL_PASSED'>> = {
  FORMAT_FAILURE: 'TOTAL_FAILED',
  HASH_FAILURE: 'TOTAL_FAILED',
  SIG_CRYPTO_FAILURE: 'TOTAL_FAILED',
  REVOKED: 'TOTAL_FAILED',
  NOT_YET_VALID: 'TOTAL_FAILED',
  SIG_CONSTRAINTS_FAILURE: 'INDETERMINATE',
  NO_SIGNING_CERTIFICATE_FOUND: 'INDETERMINATE',
  NO_CERTIFICATE_CHAIN_FOUND: 'INDETERMINATE',
  REVOKED_NO_POE: 'INDETERMINATE',
  REVOKED_CA_NO_POE: 'INDETERMINATE',
  OUT_OF_BOUNDS_NO_POE: 'INDETERMINATE',
  CRYPTO_CONSTRAINTS_FAILURE: 'INDETERMINATE',
};

export interface SignatureReport {
  fieldName: string;
  kind: 'signature' | 'document-timestamp';
  /** as written in the signature dictionary, e.g. "ETSI.CAdES.detached", "adbe.pkcs7.detached" */
  subFilter: string;
  signer?: SubjectSummary;
  /** subjects, signer first, up to the trust anchor when one was reached */
  certificateChain: string[];
  chainsToTrustAnchor: boolean;
  /** ISO 8601: /M, or the CMS signing-time attribute when there is no /M */
  signingTime?: string;
  /** ISO 8601 genTime of the signature time-stamp (or of the document time-stamp itself) */
  timestampTime?: string;
  /** the PAdES baseline level reached; absent for signatures that are not PAdES (adbe.pkcs7.*) */
  level?: PadesLevel;
  coverage: 'whole-file' | 'revision';
  signedRevisionLength: number;
  changesAfter: ChangeKind;
  isDigestValid: boolean;
  isSignatureValid: boolean;
  indication: Indication;
  subIndication?: SubIndication;
  /** why the indication is what it is, and anything noteworthy that did not change it */
  problems: string[];
}

export interface ValidationReport {
  /** every signature and document time-stamp TOTAL_PASSED, and at least one present */
  isValid: boolean;
  validationTime: string;
  signatures: SignatureReport[];
}
