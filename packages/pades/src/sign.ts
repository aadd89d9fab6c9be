// The staged signing pipeline (STYLE.md, after pyHanko's pdf_signer): prepare the revision with a
// placeholder (pdf) -> digest the byte ranges -> build the signed attributes -> obtain a signature
// value from a Signer -> build the CMS -> embed (pdf) -> time-stamp -> LTV. The state between
// "digest ready" and "signature arrived" is a JSON PendingSignature (pending-signature.ts).

import { X509Certificate, verify as verifySignature } from 'node:crypto';
import { embedSignature, hashByteRange, PdfError, prepareSignature } from '@countersign/pdf';
import type {
  FormFieldValue,
  PreparedSignature,
  SignatureFieldSpec,
  VisualAppearance,
} from '@countersign/pdf';
import type { Signer } from '@countersign/trust';
import { buildSignedAttributes, buildSignedData } from './cms-builder.js';
import type { SignerIdentity } from './cms-builder.js';
import { estimateContentsLength, growContentsLength } from './contents-size.js';
import { PadesError } from './errors.js';
import { addValidationData, completeToLta } from './ltv.js';
import type { LtvServices, TimestampServices } from './ltv.js';
import { fromBase64, parsePendingSignature, sha256Hex, toBase64 } from './pending-signature.js';
import type { PadesLevel, PendingSignature } from './pending-signature.js';
import { digestChunks } from './validate/signer-info-check.js';

export interface StartSignatureOptions {
  /** the prepared field to fill (or the one `createField` makes) */
  fieldName: string;
  signer: SignerIdentity;
  /** default B-T */
  level?: PadesLevel;
  /** written as /M; default now */
  signingTime?: Date;
  /** bytes reserved for the CMS; default estimated from the certificates and the level */
  contentsLength?: number;
  name?: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  appearance?: VisualAppearance;
  /** the signer's own form fields, filled in the signature's revision (form filling, DocMDP 2) */
  formValues?: readonly FormFieldValue[];
  createField?: SignatureFieldSpec;
  /**
   * When given, the pending state names the prepared bytes by this storage key instead of
   * carrying them; the caller stores `preparedBytes` and hands them back to finishSignature.
   */
  preparedKey?: string;
}

export interface StartedSignature {
  pending: PendingSignature;
  preparedBytes: Uint8Array;
  /** what the signer signs (its SHA-256 for a remote signer that takes hashes) */
  dataToBeSigned: Uint8Array;
}

/** Services the later stages need: none for B-B, a TSA for B-T, revocation data for B-LT and up. */
export type SigningServices = LtvServices;

interface Prepared {
  prepared: PreparedSignature;
  signedAttributes: Uint8Array;
}

function prepareRevision(bytes: Uint8Array, options: StartSignatureOptions, level: PadesLevel): Prepared {
  const { signer } = options;
  const prepared = prepareSignature(bytes, {
    fieldName: options.fieldName,
    kind: 'signature',
    contentsLength:
      options.contentsLength ?? estimateContentsLength([signer.certificate, ...signer.chain], level),
    signingTime: options.signingTime ?? new Date(),
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(options.reason !== undefined ? { reason: options.reason } : {}),
    ...(options.location !== undefined ? { location: options.location } : {}),
    ...(options.contactInfo !== undefined ? { contactInfo: options.contactInfo } : {}),
    ...(options.appearance ? { appearance: options.appearance } : {}),
    ...(options.formValues ? { formValues: options.formValues } : {}),
    ...(options.createField ? { createField: options.createField } : {}),
  });
  const signedAttributes = buildSignedAttributes(hashByteRange(prepared, 'sha256'), signer.certificate);
  return { prepared, signedAttributes };
}

/** Stage 1: prepare the revision and return what must be signed, plus the state to finish later. */
export function startSignature(bytes: Uint8Array, options: StartSignatureOptions): StartedSignature {
  const level = options.level ?? 'B-T';
  const { prepared, signedAttributes } = prepareRevision(bytes, options, level);
  const { signer } = options;
  const pending: PendingSignature = {
    version: 1,
    level,
    fieldName: options.fieldName,
    ...(options.preparedKey !== undefined
      ? { preparedKey: options.preparedKey, preparedSha256: sha256Hex(prepared.bytes) }
      : { preparedBytes: toBase64(prepared.bytes) }),
    byteRange: prepared.byteRange,
    contentsOffset: prepared.contentsOffset,
    contentsLength: prepared.contentsLength,
    signedAttributes: toBase64(signedAttributes),
    certificate: toBase64(signer.certificate),
    chain: signer.chain.map(toBase64),
    keyAlgorithm: signer.keyAlgorithm,
  };
  return { pending, preparedBytes: prepared.bytes, dataToBeSigned: signedAttributes };
}

/** A remote signer can return a value for other data or another key; embedding it would make a broken file. */
function assertSignatureMatches(
  signer: SignerIdentity,
  signedAttributes: Uint8Array,
  value: Uint8Array,
): void {
  const publicKey = new X509Certificate(signer.certificate).publicKey;
  const isValid = verifySignature('sha256', signedAttributes, { key: publicKey, dsaEncoding: 'der' }, value);
  if (!isValid)
    throw new PadesError(
      'pades.signature_mismatch',
      'the signature value does not verify with the signer certificate',
    );
}

async function completeSignature(
  { prepared, signedAttributes, isOwned }: Prepared & { isOwned: boolean },
  signer: SignerIdentity,
  level: PadesLevel,
  signatureValue: Uint8Array,
  services: SigningServices | undefined,
  fieldName: string,
): Promise<Uint8Array> {
  assertSignatureMatches(signer, signedAttributes, signatureValue);
  const needsServices = (what: string): SigningServices => {
    if (!services)
      throw new PadesError('pades.services_missing', `${level} needs trust services for ${what}`);
    return services;
  };
  // RFC 3161 appendix A: the token's imprint is the hash of the SignerInfo's signature value
  const signatureTimeStampToken =
    level === 'B-B'
      ? undefined
      : await needsServices('the time-stamp').timestamp(digestChunks('sha256', [signatureValue]));
  const cms = buildSignedData({
    signer,
    signedAttributes,
    signatureValue,
    ...(signatureTimeStampToken ? { signatureTimeStampToken } : {}),
  });
  if (cms.length > prepared.contentsLength)
    throw new PdfError(
      'pdf.signature_too_large',
      `CMS of ${cms.length} bytes, ${prepared.contentsLength} reserved`,
    );
  const signed = embedSignature(prepared, cms, { inPlace: isOwned });
  if (level === 'B-LT')
    return addValidationData(signed, needsServices('validation data'), { fieldNames: [fieldName] });
  // B-LTA seals the whole file, so every signature in it gets its validation data first
  if (level === 'B-LTA') return completeToLta(signed, needsServices('the document time-stamp'));
  return signed;
}

function restoreSigner(pending: PendingSignature): SignerIdentity {
  return {
    certificate: fromBase64(pending.certificate),
    chain: pending.chain.map(fromBase64),
    keyAlgorithm: pending.keyAlgorithm,
  };
}

/**
 * Stage 2: embed a signature value that arrived for a pending signature, then time-stamp and add
 * validation data as the level asks. When the pending state names its bytes by key, pass them
 * back in `preparedBytes`.
 */
export async function finishSignature(
  pendingValue: PendingSignature | unknown,
  signatureValue: Uint8Array,
  options: { services?: SigningServices; preparedBytes?: Uint8Array } = {},
): Promise<Uint8Array> {
  const pending = parsePendingSignature(pendingValue);
  let bytes: Uint8Array;
  // bytes decoded here are ours to fill in; the caller's are copied
  const isOwned = pending.preparedBytes !== undefined;
  if (pending.preparedBytes !== undefined) bytes = fromBase64(pending.preparedBytes);
  else if (options.preparedBytes && sha256Hex(options.preparedBytes) === pending.preparedSha256)
    bytes = options.preparedBytes;
  else
    throw new PadesError(
      'pades.pending_invalid',
      `the prepared bytes for "${pending.preparedKey}" are missing or differ`,
    );
  const prepared: PreparedSignature = {
    bytes,
    byteRange: pending.byteRange,
    contentsOffset: pending.contentsOffset,
    contentsLength: pending.contentsLength,
  };
  const parts = { prepared, signedAttributes: fromBase64(pending.signedAttributes), isOwned };
  return completeSignature(
    parts,
    restoreSigner(pending),
    pending.level,
    signatureValue,
    options.services,
    pending.fieldName,
  );
}

export interface SignPdfOptions extends Omit<StartSignatureOptions, 'signer' | 'preparedKey'> {
  signer: Signer;
  /** required from B-T up */
  services?: SigningServices;
}

/** All stages in one call, with one retry on a larger reservation when the CMS does not fit. */
export async function signPdf(bytes: Uint8Array, options: SignPdfOptions): Promise<Uint8Array> {
  const level = options.level ?? 'B-T';
  const { signer } = options;
  let contentsLength =
    options.contentsLength ?? estimateContentsLength([signer.certificate, ...signer.chain], level);
  for (let attempt = 0; ; attempt++) {
    const parts = prepareRevision(bytes, { ...options, contentsLength }, level);
    const signatureValue = await signer.sign(parts.signedAttributes);
    try {
      // the prepared bytes are new and go nowhere else: the signature is written into them
      return await completeSignature(
        { ...parts, isOwned: true },
        signer,
        level,
        signatureValue,
        options.services,
        options.fieldName,
      );
    } catch (error) {
      if (!(error instanceof PdfError && error.code === 'pdf.signature_too_large') || attempt >= 1)
        throw error;
      contentsLength = growContentsLength(contentsLength, contentsLength);
    }
  }
}

export type { TimestampServices };
