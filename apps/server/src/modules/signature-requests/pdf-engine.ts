// What the use cases ask of the PDF engine about documents from strangers: inspect an upload
// (read from the file it was received into, so its bytes never pass through the serving thread),
// draw a page, read its signatures, add the request's fields before sending, validate a signed
// revision for the signature protocol. Behind one interface so
// that the work runs on the PDF threads (background/pdf-pool.ts, ADR 043), where a document that
// overruns its memory or time costs one thread and not the serving one; without threads (tests
// by default) the same calls run here.
import { readFile } from 'node:fs/promises';
import {
  addRequestFields,
  inspectPdf,
  readSignatures,
  renderPage,
  type EmbeddedSignature,
  type PdfSummary,
  type RenderOptions,
  type FormFieldSpec,
  type SignatureFieldSpec,
} from '@countersign/pdf';
import { validatePdf, type ValidationReport } from '@countersign/pades';

/** What a validation is judged against: the trust anchors, at an instant. */
export interface ValidationOptions {
  trustAnchors: Uint8Array[];
  at: Date;
}

/** A document's bytes, or the file that holds them whole, which the engine then reads itself. */
export type PdfSource = Uint8Array | { file: string };

const bytesOf = async (source: PdfSource): Promise<Uint8Array> =>
  source instanceof Uint8Array ? source : readFile(source.file);

export interface PdfEngine {
  /** `file`: the path of an upload received to disk */
  inspect(file: string): Promise<PdfSummary>;
  render(source: PdfSource, pageIndex: number, options: RenderOptions): Promise<Uint8Array>;
  readSignatures(bytes: Uint8Array): Promise<EmbeddedSignature[]>;
  addRequestFields(
    bytes: Uint8Array,
    signatureFields: readonly SignatureFieldSpec[],
    formFields: readonly FormFieldSpec[],
  ): Promise<Uint8Array>;
  validate(bytes: Uint8Array, options: ValidationOptions): Promise<ValidationReport>;
}

/** The engine on the calling thread. */
export const inlinePdfEngine: PdfEngine = {
  inspect: async (file) => inspectPdf(await readFile(file)),
  render: async (source, pageIndex, options) => renderPage(await bytesOf(source), pageIndex, options),
  readSignatures: async (bytes) => readSignatures(bytes),
  addRequestFields: async (bytes, signatureFields, formFields) =>
    addRequestFields(bytes, signatureFields, formFields),
  validate: async (bytes, options) => validatePdf(bytes, options),
};
