// The validator in a browser (ADR 079): `validatePdf` runs as on the server, with node:crypto and
// node:zlib replaced by node-crypto.ts and node-zlib.ts (the bundler's aliases) and Node's Buffer
// by the `buffer` package. Each run that asks signature checks nobody has settled yet is followed
// by WebCrypto settling them and another run; the first run that asks nothing new is the report.
// A file's checks form chains (the signature, then its certificate, then the issuer's), so a run
// rarely needs more than four passes.
import { takeQuestions } from './node-crypto.js';
import { settleQuestions } from './settle.js';
import { validatePdf, type ValidatePdfOptions } from '../validate/validate-pdf.js';
import type { ValidationReport } from '../validate/report.js';

/** More passes than any chain of checks needs; past it the file is refused rather than looped on. */
const MAX_PASSES = 16;

export async function validatePdfInBrowser(
  bytes: Uint8Array,
  options: ValidatePdfOptions,
): Promise<{ report: ValidationReport; passes: number }> {
  takeQuestions();
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const report = validatePdf(bytes, options);
    const questions = takeQuestions();
    if (questions.length === 0) return { report, passes: pass };
    await settleQuestions(questions);
  }
  throw new Error('the signature checks did not settle');
}
