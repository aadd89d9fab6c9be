// The public verifier's one use case (ADR 079): a stranger's PDF, read by the PDF engine (a PDF
// thread when served, ADR 043) and judged against this installation's root, answered as a report
// and forgotten. Each IP may ask a bounded number of times an hour, counted before the file is
// read, since reading is what costs.
import { webcrypto, X509Certificate } from 'node:crypto';
import type { VerificationReport } from '@countersign/contract';
import { toPublicReport, type ValidationReport } from '@countersign/pades';
import { PdfError } from '@countersign/pdf';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Throttle } from '../accounts/index.js';

export interface VerificationDeps {
  /** the PDF engine's validation (PdfEngine.validate of signature-requests) */
  validate: (
    bytes: Uint8Array,
    options: { trustAnchors: Uint8Array[]; at: Date },
  ) => Promise<ValidationReport>;
  /** the DER certificates trusted without further proof: this installation's root */
  trustAnchors: () => Promise<Uint8Array[]>;
  throttle: Pick<Throttle, 'hit'>;
  clock: Clock;
  verificationsPerIpHour: number;
}

/** The rule each IP's verifications are counted under (its limit comes from the configuration). */
export const VERIFICATIONS_PER_IP = { name: 'verify-ip', windowSeconds: 3600 } as const;

/** The engine's refusals keep their codes; anything else it throws on a stranger's file is `pdf.corrupt`. */
function refusalOf(error: unknown): AppError {
  if ((error instanceof PdfError || error instanceof AppError) && error.code.startsWith('pdf.'))
    return new AppError(error.code, error.message);
  return new AppError('pdf.corrupt', 'The file cannot be read as a PDF');
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // WebCrypto hashes on libuv's pool, so a large file does not hold the serving thread
  const digest = new Uint8Array(await webcrypto.subtle.digest('SHA-256', bytes));
  return Buffer.from(digest).toString('hex');
}

export async function verifyPdf(
  deps: VerificationDeps,
  input: { readFile: () => Promise<Uint8Array>; ip: string; at?: Date },
): Promise<VerificationReport> {
  await deps.throttle.hit({ ...VERIFICATIONS_PER_IP, limit: deps.verificationsPerIpHour }, input.ip);
  const bytes = await input.readFile();
  if (bytes.length === 0) throw new AppError('pdf.not_pdf', 'The file is empty');
  const trustAnchors = await deps.trustAnchors();
  let report: ValidationReport;
  try {
    report = await deps.validate(bytes, { trustAnchors, at: input.at ?? deps.clock.now() });
  } catch (error) {
    throw refusalOf(error);
  }
  return toPublicReport(report, {
    sha256: await sha256Hex(bytes),
    size: bytes.length,
    trustAnchors: trustAnchors.map((der) => new X509Certificate(der).subject.replaceAll('\n', ', ')),
  });
}
