// Long-term validation stages: the DSS revision with certificates, OCSP responses and CRLs for
// the signer and TSA chains (ETSI EN 319 142-1 5.4, B-LT), and the document time-stamp revision
// that makes B-LTA, followed by the validation data for that time-stamp's own TSA.

import {
  appendDss,
  embedSignature,
  hashByteRange,
  inspectPdf,
  PdfError,
  prepareSignature,
  readSignatures,
} from '@countersign/pdf';
import type { ValidationData } from '@countersign/pdf';
import type { TrustServices } from '@countersign/trust';
import { readSignedData } from './cms-reader.js';
import { DOCUMENT_TIMESTAMP_CONTENTS_LENGTH, growContentsLength } from './contents-size.js';
import { PadesError } from './errors.js';
import { OID } from './oids.js';
import { CertificatePool } from './validate/certificate-pool.js';
import { buildCertificatePath } from './validate/chain.js';
import { findSigner } from './validate/signer-info-check.js';

export type TimestampServices = Pick<TrustServices, 'timestamp'>;
export type LtvServices = Pick<TrustServices, 'timestamp' | 'collectValidationData' | 'rootCertificate'>;

/** The certificate path (signer first) of every SignedData's signer: the CMS itself and its time-stamp tokens. */
function collectSignerPaths(
  contents: Uint8Array,
  pool: CertificatePool,
  anchors: ReadonlySet<string>,
): Uint8Array[][] {
  const paths: Uint8Array[][] = [];
  const visit = (der: Uint8Array, depth: number): void => {
    const signedData = readSignedData(der);
    pool.addAll(signedData.certificates);
    const info = signedData.signerInfos[0];
    const signer = info ? findSigner(info, pool) : undefined;
    // only chains to our own root: other CAs' certificates are not ours to vouch for
    const path = signer ? buildCertificatePath(signer, pool, anchors) : undefined;
    if (path?.isTrusted) paths.push(path.certificates.map((entry) => entry.der));
    if (depth > 0) return;
    for (const attribute of info?.unsignedAttributes ?? [])
      if (attribute.type === OID.signatureTimeStampToken)
        for (const token of attribute.values) visit(token, depth + 1);
  };
  try {
    visit(contents, 0);
  } catch {
    // a CMS we cannot read gets no validation data; the validator reports it
  }
  return paths;
}

function pushUnique(target: Uint8Array[], seen: Set<string>, items: readonly Uint8Array[]): void {
  for (const item of items) {
    const key = Buffer.from(item).toString('base64');
    if (seen.has(key)) continue;
    seen.add(key);
    target.push(item);
  }
}

/**
 * Appends one DSS revision with validation data for the signatures and document time-stamps
 * named (default: all of them): each signer's chain and each TSA's chain, with the OCSP
 * responses and CRLs our trust services produce for them, deduplicated.
 */
export async function addValidationData(
  bytes: Uint8Array,
  services: LtvServices,
  options: { fieldNames?: readonly string[] } = {},
): Promise<Uint8Array> {
  const root = services.rootCertificate();
  const pool = new CertificatePool();
  const anchors = new Set([pool.add(root)?.fingerprint ?? '']);
  const paths = new Map<string, Uint8Array[]>();
  for (const signature of readSignatures(bytes)) {
    if (options.fieldNames && !options.fieldNames.includes(signature.fieldName)) continue;
    for (const path of collectSignerPaths(signature.contents, pool, anchors))
      paths.set(path.map((der) => Buffer.from(der).toString('base64')).join('.'), path);
  }
  const data: ValidationData = { certificates: [], ocspResponses: [], crls: [] };
  const seen = new Set<string>();
  for (const path of paths.values()) pushUnique(data.certificates, seen, path);
  if (paths.size > 0) {
    // one call for every path: the trust services read the revocation state once
    const collected = await services.collectValidationData(...paths.values());
    pushUnique(data.certificates, seen, collected.certificates);
    pushUnique(data.ocspResponses, seen, collected.ocspResponses);
    pushUnique(data.crls, seen, collected.crls);
  }
  return appendDss(bytes, data);
}

function chooseTimestampFieldName(bytes: Uint8Array): string {
  const taken = new Set(inspectPdf(bytes).signatureFieldNames);
  let number = 1;
  while (taken.has(`doc-timestamp-${number}`)) number++;
  return `doc-timestamp-${number}`;
}

/**
 * A document time-stamp revision (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161, ETSI EN
 * 319 142-1 5.4.3): /Contents is a TimeStampToken over the byte ranges. Followed by a DSS
 * revision for the time-stamp's own TSA chain.
 */
export async function addDocumentTimestamp(bytes: Uint8Array, services: LtvServices): Promise<Uint8Array> {
  const fieldName = chooseTimestampFieldName(bytes);
  let contentsLength = DOCUMENT_TIMESTAMP_CONTENTS_LENGTH;
  for (let attempt = 0; ; attempt++) {
    const prepared = prepareSignature(bytes, {
      fieldName,
      kind: 'document-timestamp',
      contentsLength,
      createField: { name: fieldName },
    });
    const token = await services.timestamp(hashByteRange(prepared, 'sha256'));
    if (token.length <= contentsLength) {
      const stamped = embedSignature(prepared, token, { inPlace: true });
      return addValidationData(stamped, services, { fieldNames: [fieldName] });
    }
    if (attempt >= 1)
      throw new PdfError('pdf.signature_too_large', `time-stamp token of ${token.length} bytes`);
    contentsLength = growContentsLength(contentsLength, token.length);
  }
}

/** Called when the last signer has signed: validation data for every signature, then the document time-stamp (B-LTA). */
export async function completeToLta(bytes: Uint8Array, services: LtvServices): Promise<Uint8Array> {
  if (readSignatures(bytes).length === 0)
    throw new PadesError('pades.no_signatures', 'the file has no signature to complete');
  const withDss = await addValidationData(bytes, services);
  return addDocumentTimestamp(withDss, services);
}
