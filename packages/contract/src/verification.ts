// The public verifier (ADR 079): anyone, without an account, hands over a PDF and gets back what
// our validator finds in it, each signature and document time-stamp with the indication
// vocabulary of ETSI TS 119 102-1. Nothing of the file is kept. The web page /verify runs the
// same validator in the browser, so it only calls this when the person asks for the server.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { pdfUploadProblems } from './errors.js';

export const ZIndication = z.enum(['TOTAL_PASSED', 'INDETERMINATE', 'TOTAL_FAILED']);
export type Indication = z.infer<typeof ZIndication>;

export const ZChangeKind = z.enum(['none', 'signature_fields', 'form_fields', 'annotations', 'other']);

/** One signature or document time-stamp of the file, as the validator judged it. */
export const ZVerifiedSignature = z.object({
  /** the signature field's full name */
  fieldName: z.string(),
  kind: z.enum(['signature', 'document-timestamp']),
  /** as written in the signature dictionary, e.g. ETSI.CAdES.detached, adbe.pkcs7.detached */
  subFilter: z.string(),
  /** the signer's certificate (for a document time-stamp: the time-stamping unit's) */
  signer: z.object({
    commonName: z.string().nullable(),
    email: z.string().nullable(),
    organisation: z.string().nullable(),
  }),
  /** subjects from the signer up to the trust anchor when one was reached */
  certificateChain: z.array(z.string()),
  chainsToTrustAnchor: z.boolean(),
  /** ISO 8601, as the signature claims it (/M or the signing-time attribute): not proven */
  signingTime: z.string().nullable(),
  /** ISO 8601 time of the signature's time-stamp (or of the document time-stamp): proven */
  timestampTime: z.string().nullable(),
  /** the PAdES baseline level reached; null for a signature that is not PAdES */
  level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']).nullable(),
  /** the file carries what it takes to validate this signature in years (B-LT and B-LTA) */
  hasLongTermValidation: z.boolean(),
  /** whole-file: the signature covers the file as it is; revision: only the bytes up to it */
  coverage: z.enum(['whole-file', 'revision']),
  /** the length of the revision the signature covers, in bytes */
  signedRevisionLength: z.number().int(),
  /** the most serious kind of change made after the signed revision */
  changesAfter: ZChangeKind,
  isDigestValid: z.boolean(),
  isSignatureValid: z.boolean(),
  indication: ZIndication,
  subIndication: z.string().nullable(),
  /** why the indication is what it is, in English, for developers and experts */
  problems: z.array(z.string()),
});
export type VerifiedSignature = z.infer<typeof ZVerifiedSignature>;

/** The verdict over one file. */
export const ZVerificationReport = z.object({
  /** TOTAL_PASSED when every signature and time-stamp passed; null when the file has none */
  indication: ZIndication.nullable(),
  /**
   * the instant the file was judged at (ISO 8601): now, or the `at` asked for. Each time-stamp
   * must still prove its time then, or be proven by a later document time-stamp that does
   */
  validationTime: z.string(),
  /** SHA-256 of the file, hex, so the person can tell which file the report is about */
  sha256: z.string(),
  size: z.number().int(),
  signatures: z.array(ZVerifiedSignature),
  /** the certificates trusted without further proof: this installation's root (its subject) */
  trustAnchors: z.array(z.string()),
});
export type VerificationReport = z.infer<typeof ZVerificationReport>;

/** Judge the file as of another date than now (ETSI EN 319 102-1 long-term validation). */
export const ZVerifyPdfQuery = z.object({
  /** a date (2036-06-01, midnight UTC) or an ISO 8601 instant with its offset; default: now */
  at: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
});

export const verifyPdf = defineEndpoint({
  method: 'POST',
  path: '/v1/verify',
  summary: 'Verify the signatures of a PDF (public, multipart/form-data)',
  description:
    "The PDF as `file` (at most MAX_UPLOAD_MB). Answers every signature and document time-stamp with its signer, level, times, what changed after it, its certificate chain and an ETSI TS 119 102-1 indication, judged against this installation's root. With `at`, the file is judged as of that date instead of now, using the proofs of existence its time-stamps carry: a signature whose certificate has expired since passes when a time-stamp that still holds proves it was made while the certificate was valid, and a file whose newest time-stamp no longer holds then fails with the reason. The file is read on a PDF thread and not kept. No account needed; limited per IP (VERIFICATIONS_PER_IP_HOUR).",
  query: ZVerifyPdfQuery,
  tags: ['Verification'],
  auth: 'none',
  upload: { file: { kind: 'file', description: 'The PDF to verify', required: true } },
  response: ZVerificationReport,
  problems: [...pdfUploadProblems, 'upload.too_large', 'rate_limit.exceeded'],
});

export const verificationEndpoints = { verifyPdf };
