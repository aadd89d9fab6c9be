// @countersign/pades: PAdES signing (CAdES detached SignedData, levels B-B to B-LTA, document
// time-stamps) on top of @countersign/pdf and @countersign/trust, and a validator that reports
// with the ETSI TS 119 102 indication vocabulary.

export { startSignature, finishSignature, signPdf } from './sign.js';
export type { StartSignatureOptions, StartedSignature, SignPdfOptions, SigningServices } from './sign.js';
export { addValidationData, addDocumentTimestamp, completeToLta } from './ltv.js';
export type { LtvServices, TimestampServices } from './ltv.js';
export { parsePendingSignature, PADES_LEVELS } from './pending-signature.js';
export type { PadesLevel, PendingSignature } from './pending-signature.js';
export { buildSignedAttributes, buildSignedData } from './cms-builder.js';
export type { KeyAlgorithm, SignerIdentity, SignedDataParts } from './cms-builder.js';
export { estimateContentsLength } from './contents-size.js';
export { PadesError } from './errors.js';
export type { PadesErrorCode } from './errors.js';
export { validatePdf } from './validate/validate-pdf.js';
export type { ValidatePdfOptions } from './validate/validate-pdf.js';
export { toPublicReport } from './validate/public-report.js';
export type { PublicReport } from './validate/public-report.js';
export type { Indication, SignatureReport, SubIndication, ValidationReport } from './validate/report.js';
export type { SubjectSummary } from './certificate-fields.js';
export { decideRenewal, renewArchiveTimestamp } from './archive/renew-archive.js';
export type { RenewalDecision } from './archive/renew-archive.js';
export { findArchiveProof } from './archive/archive-expiry.js';
export type { ArchiveProof } from './archive/archive-expiry.js';
export { parseValidationTime } from './validate/validation-time.js';
