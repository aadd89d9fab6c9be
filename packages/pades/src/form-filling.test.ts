// Form filling after signatures (ISO 32000-1 12.8.2.2): three signers each fill their own text,
// date and check-box fields in the revision of their signature, in turn. Our validator and
// poppler's pdfsig must find every signature valid (the change check itself: classify-changes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRequestFields, type FormFieldSpec } from '@countersign/pdf';
import { signPdf } from './sign.js';
import { validatePdf } from './validate/validate-pdf.js';
import { createTestPki, type TestPki, type TestSigner } from './test-support/test-pki.js';
import { makeTextPdf } from './test-support/sample-pdfs.js';
import { createNssDb, runPdfsig } from './test-support/pdfsig.js';
import { makeScratchDir, type ScratchDir } from './test-support/tools.js';

const SIGNERS = ['ada', 'bob', 'cy'] as const;

function fieldsOf(who: string, index: number): FormFieldSpec[] {
  const y = 600 - index * 150;
  return [
    {
      name: `Text-${who}`,
      type: 'text',
      required: true,
      label: 'Your role',
      placement: { page: 0, rect: [60, y, 200, 20] },
    },
    { name: `Date-${who}`, type: 'text', required: false, placement: { page: 0, rect: [280, y, 120, 20] } },
    { name: `Box-${who}`, type: 'checkbox', required: true, placement: { page: 0, rect: [420, y, 16, 16] } },
  ];
}

describe('form filling in each signer’s revision', () => {
  let pki: TestPki;
  let signers: TestSigner[];
  let scratch: ScratchDir;
  let nssDb: string;
  let sent: Uint8Array;

  beforeAll(async () => {
    pki = await createTestPki();
    signers = await Promise.all(
      SIGNERS.map((name) => pki.issueSigner({ name, email: `${name}@example.com` })),
    );
    scratch = makeScratchDir('pades-form-fill-');
    nssDb = await createNssDb(scratch.path, [scratch.write('root.pem', pki.rootPem)]);
    sent = addRequestFields(
      await makeTextPdf(1),
      SIGNERS.map((who, i) => ({
        name: `Sig-${who}`,
        placement: { page: 0, rect: [60, 520 - i * 150, 150, 60] },
      })),
      SIGNERS.flatMap((who, i) => fieldsOf(who, i)),
    );
  });
  afterAll(() => scratch?.remove());

  it('keeps every earlier signature valid for our validator and pdfsig', async () => {
    let bytes = sent;
    for (const [i, who] of SIGNERS.entries()) {
      bytes = await signPdf(bytes, {
        fieldName: `Sig-${who}`,
        signer: signers[i]!,
        level: 'B-B',
        formValues: [
          { name: `Text-${who}`, value: `Role of ${who}: Zürich office` },
          { name: `Date-${who}`, value: `2026-11-2${i + 1}` },
          { name: `Box-${who}`, value: i !== 1 },
        ],
      });
    }
    const report = validatePdf(bytes, { trustAnchors: [pki.root] });
    expect(report.signatures.map((s) => [s.fieldName, s.indication, s.changesAfter])).toEqual([
      ['Sig-ada', 'TOTAL_PASSED', 'form_fields'],
      ['Sig-bob', 'TOTAL_PASSED', 'form_fields'],
      ['Sig-cy', 'TOTAL_PASSED', 'none'],
    ]);
    const { verdicts, output } = await runPdfsig(nssDb, scratch.write('filled.pdf', bytes));
    expect(
      verdicts.map((v) => [v.fieldName, v.isSignatureValid, v.isDigestMismatch]),
      output,
    ).toEqual(SIGNERS.map((who) => [`Sig-${who}`, true, false]));
    // the values are in the file as a reader's form shows them
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).toContain('/V /Yes');
    expect(text).toContain('/AS /Off');
  });
});
