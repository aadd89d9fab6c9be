// Puts one signed file in front of every judge the proof uses: our validator, pdfsig (-no-ocsp,
// now and a week later), `openssl cms -verify` for each CMS signature, `openssl ts
// -verify` for each document time-stamp, and `qpdf --check`.

import { readSignatures } from '@countersign/pdf';
import type { EmbeddedSignature } from '@countersign/pdf';
import { restoreEndOfContents } from '../cms-reader.js';
import { validatePdf } from '../validate/validate-pdf.js';
import type { ValidationReport } from '../validate/report.js';
import { runPdfsig } from './pdfsig.js';
import type { PdfsigVerdict } from './pdfsig.js';
import { runTool, verifyWithOpenssl } from './tools.js';
import type { ScratchDir } from './tools.js';

export interface Judges {
  scratch: ScratchDir;
  nssDb: string;
  /** PEM of every CA the relying party trusts */
  caPem: string;
  trustAnchors: Uint8Array[];
}

export interface Judgement {
  report: ValidationReport;
  pdfsig: PdfsigVerdict[];
  pdfsigOutput: string;
  /** field name -> openssl's exit status and message (cms for signatures, ts for document time-stamps) */
  openssl: Map<string, { ok: boolean; message: string }>;
  qpdf: { status: number; output: string };
}

function signedContent(bytes: Uint8Array, signature: EmbeddedSignature): Uint8Array {
  const [, firstLength, secondStart, secondLength] = signature.byteRange;
  return Buffer.concat([
    bytes.subarray(0, firstLength),
    bytes.subarray(secondStart, secondStart + secondLength),
  ]);
}

function verifyTimestampWithOpenssl(
  judges: Judges,
  token: Uint8Array,
  content: Uint8Array,
): { ok: boolean; message: string } {
  const { scratch } = judges;
  const result = runTool('openssl', [
    'ts',
    '-verify',
    '-data',
    scratch.write('ts-content.bin', content),
    '-in',
    scratch.write('token.der', token),
    '-token_in',
    '-CAfile',
    scratch.write('ca.pem', judges.caPem),
  ]);
  return {
    ok: result.status === 0 && result.stdout.includes('Verification: OK'),
    message: result.stdout + result.stderr,
  };
}

export async function judgeFile(judges: Judges, bytes: Uint8Array, name = 'judged.pdf'): Promise<Judgement> {
  const file = judges.scratch.write(name, bytes);
  const pdfsig = await runPdfsig(judges.nssDb, file);
  const report = validatePdf(bytes, { trustAnchors: judges.trustAnchors });
  const openssl = new Map<string, { ok: boolean; message: string }>();
  for (const signature of readSignatures(bytes)) {
    const content = signedContent(bytes, signature);
    if (signature.kind === 'document-timestamp') {
      openssl.set(signature.fieldName, verifyTimestampWithOpenssl(judges, signature.contents, content));
    } else {
      const result = verifyWithOpenssl(
        judges.scratch,
        restoreEndOfContents(signature.contents),
        content,
        judges.caPem,
      );
      openssl.set(signature.fieldName, { ok: result.status === 0, message: result.stderr });
    }
  }
  const qpdf = runTool('qpdf', ['--check', file]);
  return {
    report,
    pdfsig: pdfsig.verdicts,
    pdfsigOutput: pdfsig.output,
    openssl,
    qpdf: { status: qpdf.status, output: qpdf.stdout + qpdf.stderr },
  };
}

/**
 * Our verdict and pdfsig's, side by side, for every CMS signature: "passes" means TOTAL_PASSED
 * for us and "Signature is Valid" + "Certificate is Trusted" for pdfsig, today and a week later. pdfsig cannot check
 * document time-stamps ("Signature Type: unknown"), so openssl ts judges those.
 */
export function compareWithPdfsig(judgement: Judgement): { field: string; ours: boolean; pdfsig: boolean }[] {
  return judgement.report.signatures
    .filter((signature) => signature.kind === 'signature')
    .map((signature) => {
      const verdict = judgement.pdfsig.find((candidate) => candidate.fieldName === signature.fieldName);
      return {
        field: signature.fieldName,
        ours: signature.indication === 'TOTAL_PASSED',
        pdfsig: verdict !== undefined && verdict.isSignatureValid && verdict.isCertificateTrusted,
      };
    });
}
