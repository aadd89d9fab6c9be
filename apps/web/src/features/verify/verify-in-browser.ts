// The page's in-browser check (ADR 079): the engine (packages/pdf and packages/pades, with WebCrypto
// in place of node:crypto) runs in a worker of this page, so the file is read from the person's
// disk into memory here and sent nowhere. Only the installation's root certificate is fetched, the
// same public file anyone downloads to check our signatures in their own tools.
import { TRUST_ROOT_PATH, type VerificationReport } from '@countersign/contract';
// The one engine module the web app loads: the verifier's worker, bundled for the browser (ADR 079).
// eslint-disable-next-line no-restricted-imports
import VerifyWorker from '@countersign/pades/browser-worker?worker';

/** What the worker answers (packages/pades/src/browser/worker.ts); its report is the contract's. */
type WorkerAnswer =
  { ok: true; report: VerificationReport; passes: number } | { ok: false; code: string; message: string };

/** A file the engine refused, with the catalogue's code, as the server would answer it. */
export class BrowserVerificationError extends Error {
  override readonly name = 'BrowserVerificationError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let anchors: Promise<Uint8Array[]> | undefined;

/** The root certificate(s) of this installation, as DER, fetched once per page. */
function trustAnchors(): Promise<Uint8Array[]> {
  anchors ??= fetch(TRUST_ROOT_PATH)
    .then((response) => {
      if (!response.ok) throw new Error(`the trust root answered ${response.status}`);
      return response.text();
    })
    .then((pem) =>
      [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map((block) =>
        Uint8Array.from(atob(block[1]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0)),
      ),
    )
    .catch((error: unknown) => {
      anchors = undefined;
      throw error;
    });
  return anchors;
}

/** Checks the file in a worker of this page; `at` (YYYY-MM-DD) judges it as of that day instead of now. */
export async function verifyInBrowser(file: File, at?: string): Promise<VerificationReport> {
  const [bytes, trusted] = await Promise.all([
    file.arrayBuffer().then((b) => new Uint8Array(b)),
    trustAnchors(),
  ]);
  const worker = new VerifyWorker();
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<WorkerAnswer>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message || 'the verification worker failed'));
      worker.postMessage({ bytes, trustAnchors: trusted, ...(at ? { at } : {}) }, [bytes.buffer]);
    });
    if (!answer.ok) throw new BrowserVerificationError(answer.code, answer.message);
    return answer.report;
  } finally {
    worker.terminate();
  }
}
