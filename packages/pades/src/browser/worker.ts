// The browser's verification worker (ADR 079): takes a PDF's bytes and the trust anchors, answers
// the public report, off the page's thread. Nothing here reaches the network: the file is only
// ever in this worker's memory. A file the reader refuses answers its catalogued code.
import './buffer-global.js';
import { X509Certificate } from './node-crypto.js';
import { validatePdfInBrowser } from './validate-in-browser.js';
import { toPublicReport, type PublicReport } from '../validate/public-report.js';
import { parseValidationTime } from '../validate/validation-time.js';

export interface VerifyRequest {
  bytes: Uint8Array;
  /** DER certificates */
  trustAnchors: Uint8Array[];
  /** judge as of this date or instant (as POST /v1/verify's `at`); default now */
  at?: string;
}

export type VerifyAnswer =
  { ok: true; report: PublicReport; passes: number } | { ok: false; code: string; message: string };

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', Uint8Array.from(bytes)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function verify({ bytes, trustAnchors, at }: VerifyRequest): Promise<VerifyAnswer> {
  if (bytes.length === 0) return { ok: false, code: 'pdf.not_pdf', message: 'The file is empty' };
  const time = at === undefined ? new Date() : parseValidationTime(at);
  if (!time) return { ok: false, code: 'request.validation_failed', message: `"${at}" is not a date` };
  try {
    const { report, passes } = await validatePdfInBrowser(bytes, { trustAnchors, at: time });
    return {
      ok: true,
      passes,
      report: toPublicReport(report, {
        sha256: await sha256Hex(bytes),
        size: bytes.length,
        trustAnchors: trustAnchors.map((der) => new X509Certificate(der).subject.replaceAll('\n', ', ')),
      }),
    };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    // as on the server: the reader's refusals keep their codes, anything else it throws is corrupt
    return code.startsWith('pdf.')
      ? { ok: false, code, message: (error as Error).message }
      : { ok: false, code: 'pdf.corrupt', message: 'The file cannot be read as a PDF' };
  }
}

// the worker's global scope, typed without the DOM library this package is not compiled with
const scope = globalThis as unknown as {
  onmessage: ((event: { data: VerifyRequest }) => void) | null;
  postMessage(answer: VerifyAnswer): void;
};
scope.onmessage = (event) => {
  void verify(event.data).then((answer) => scope.postMessage(answer));
};
