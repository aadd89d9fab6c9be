// The engine alone, on a worker thread of its own started like the server's signing threads (the
// same entry, the same heap settings, ADR 030): issue a certificate, sign at B-T, complete to
// B-LTA; no storage, no database. Measured in the benchmark's main thread instead, it shared a
// heap with the server and the benchmark's own documents, and its rate swung from 60 to 160
// documents/s with the garbage collector's state.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { addSignatureFields } from '@countersign/pdf';
import { completeToLta, signPdf } from '@countersign/pades';
import { DirectoryTrustStore, openTrustServices } from '@countersign/trust';

const port = parentPort!;
const { pdf } = workerData as { pdf: Uint8Array };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-trust-'));
const trust = await openTrustServices({
  store: new DirectoryTrustStore(dir),
  keyEncryptionKey: 'bench-kek-bench-kek',
  baseUrl: 'http://127.0.0.1/trust',
});
const prepared = addSignatureFields(pdf, [{ name: 'Signature-1' }]);

async function signOne() {
  const signer = await trust.issueSignerCertificate({
    quality: 'ses',
    legislation: 'eidas',
    email: 'bench@example.org',
  });
  const signed = await signPdf(prepared, { fieldName: 'Signature-1', signer, level: 'B-T', services: trust });
  await completeToLta(signed, trust);
}

/** `runs` signatures one after the other after a short warm-up; answers the milliseconds they took. */
port.on('message', (message: { runs: number } | 'close') => {
  if (message === 'close') {
    fs.rmSync(dir, { recursive: true, force: true });
    port.close();
    return;
  }
  void (async () => {
    for (let i = 0; i < 8; i++) await signOne();
    const start = performance.now();
    for (let i = 0; i < message.runs; i++) await signOne();
    port.postMessage({ ms: performance.now() - start });
  })();
});
port.postMessage({ ready: true });
