// The public face of @countersign/pdf: PDF reading, the incremental writer, signature fields,
// signature placeholders, DSS, change classification and page rendering (docs/engine-interface.md).

export { PdfError } from './errors.js';
export type { PdfErrorCode } from './errors.js';
export { inspectPdf } from './inspect.js';
export { readSignatureFieldNames } from './form.js';
export { DEFAULT_PDF_LIMITS, configurePdfLimits, pdfLimits } from './limits.js';
export type { PdfLimits } from './limits.js';
export { countAppendedRevisions } from './xref.js';
export type { PageInfo, PdfSummary } from './inspect.js';
export { addSignatureFields } from './signature-fields.js';
export type { SignatureFieldSpec } from './signature-fields.js';
export { addRequestFields } from './form-fields.js';
export type { FormFieldSpec } from './form-fields.js';
export type { FormFieldValue } from './fill-form-fields.js';
export type { VisualAppearance } from './appearance.js';
export { prepareSignature, hashByteRange, embedSignature } from './prepare-signature.js';
export type { PrepareSignatureOptions, PreparedSignature } from './prepare-signature.js';
export { readSignatures } from './read-signatures.js';
export type { EmbeddedSignature } from './read-signatures.js';
export { appendDss, readDss } from './dss.js';
export type { ValidationData } from './dss.js';
export { classifyChangesAfter } from './classify-changes.js';
export { readSignedPdf } from './signed-pdf.js';
export type { SignedPdf } from './signed-pdf.js';
export type { ChangeKind } from './classify-changes.js';
export { prepareRenderer, renderPage, rendererHeapBytes } from './render.js';
export { toWinAnsiText } from './win-ansi-text.js';
export type { RenderOptions } from './render.js';
