// The corpus-wide proof: every unencrypted PDF takes five P-256 signatures at B-T in turn (fields
// prepared once), is completed to B-LTA, and every judge accepts; one flipped signed byte makes
// every judge refuse. Encrypted files are refused with pdf.encrypted; files so damaged that qpdf
// has to reconstruct them are signed or cleanly refused. Split in parts so vitest can run them on
// both cores.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { addSignatureFields, PdfError } from '@countersign/pdf';
import { realWorldPdfDir } from '@countersign/pdf/test-corpus';
import { listCorpus } from './corpus.js';
import { judgeFile } from './judge.js';
import type { Judges } from './judge.js';
import { openTestTrust } from './test-trust.js';
import type { TestTrust } from './test-trust.js';
import { createNssDb } from './pdfsig.js';
import { expectAllAccepted, expectTamperingCaught, signInTurn } from './proof.js';
import { makeScratchDir, runTool } from './tools.js';
import type { ScratchDir } from './tools.js';

export function describeCorpusProof(part: number, parts: number): void {
  const corpus = listCorpus().filter((_, index) => index % parts === part);
  describe(`corpus proof, part ${part + 1} of ${parts} (${realWorldPdfDir()})`, () => {
    let live: TestTrust;
    let scratch: ScratchDir;
    let judges: Judges;
    beforeAll(async () => {
      live = await openTestTrust();
      scratch = makeScratchDir();
      const nssDb = await createNssDb(scratch.path, [scratch.write('root.pem', live.rootPem)]);
      judges = { scratch, nssDb, caPem: live.rootPem, trustAnchors: [live.rootDer] };
    });
    afterAll(async () => {
      await live?.close();
      scratch?.remove();
    });

    for (const file of corpus) {
      if (file.isEncrypted) {
        it(`refuses ${file.name} (encrypted) with pdf.encrypted`, () => {
          expect(() => addSignatureFields(readFileSync(file.path), [{ name: 'sig-1' }])).toThrow(
            expect.objectContaining({ code: 'pdf.encrypted' }),
          );
        });
        continue;
      }
      it(`five signers on ${file.name}`, async () => {
        const hadQpdfWarnings = runTool('qpdf', ['--check', file.path]).status !== 0;
        const run = signInTurn(live, readFileSync(file.path), {
          signers: 5,
          level: 'B-T',
          complete: true,
          visible: true,
        });
        if (hadQpdfWarnings) {
          // a file qpdf warns about (unreadablemetadata.pdf needs its xref rebuilt) may be refused,
          // but only cleanly, never signed badly
          const refusal = await run.then(
            () => undefined,
            (error: unknown) => error,
          );
          if (refusal !== undefined) {
            console.warn(`${file.name} is damaged and was refused: ${String(refusal)}`);
            expect(refusal).toBeInstanceOf(PdfError);
            expect(['pdf.corrupt', 'pdf.truncated']).toContain((refusal as PdfError).code);
            return;
          }
        }
        const signed = await run;
        expectAllAccepted(await judgeFile(judges, signed), 'B-LTA', { hadQpdfWarnings });
        await expectTamperingCaught(judges, signed);
      });
    }
  });
}
