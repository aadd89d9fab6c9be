import { beforeAll, describe, expect, it } from 'vitest';
import { addSignatureFields, readSignatures } from '@countersign/pdf';
import { signPdf } from '../sign.js';
import { validatePdf } from './validate-pdf.js';
import { createTestPki } from '../test-support/test-pki.js';
import type { TestPki } from '../test-support/test-pki.js';
import { makeTextPdf } from '../test-support/sample-pdfs.js';
import { appendCatalogChange, flipByte } from '../test-support/raw-revision.js';

describe('validatePdf (certificates from a test hierarchy)', () => {
  let pki: TestPki;
  let signed: Uint8Array;
  beforeAll(async () => {
    pki = await createTestPki();
    const signer = await pki.issueSigner({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const fields = addSignatureFields(await makeTextPdf(), [{ name: 'sig-1' }, { name: 'sig-2' }]);
    signed = await signPdf(fields, { fieldName: 'sig-1', signer, level: 'B-B', signingTime: new Date() });
  });

  it('reports signer, chain, time, coverage and level of a good signature', () => {
    const [report] = validatePdf(signed, { trustAnchors: [pki.root] }).signatures;
    expect(report).toMatchObject({
      fieldName: 'sig-1',
      kind: 'signature',
      subFilter: 'ETSI.CAdES.detached',
      signer: { commonName: 'Ada Lovelace', email: 'ada@example.com' },
      chainsToTrustAnchor: true,
      coverage: 'whole-file',
      changesAfter: 'none',
      level: 'B-B',
      isDigestValid: true,
      isSignatureValid: true,
      indication: 'TOTAL_PASSED',
    });
    expect(report?.certificateChain).toHaveLength(3);
    expect(report?.certificateChain[2]).toContain('CN=Test Root CA');
    expect(report?.signingTime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('says NO_CERTIFICATE_CHAIN_FOUND without the right trust anchor', async () => {
    const stranger = await createTestPki();
    const report = validatePdf(signed, { trustAnchors: [stranger.root] });
    expect(report.isValid).toBe(false);
    expect(report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
    });
  });

  it('says HASH_FAILURE when a signed byte changes', () => {
    const report = validatePdf(flipByte(signed, 7), { trustAnchors: [pki.root] });
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'HASH_FAILURE',
      isDigestValid: false,
    });
  });

  it('says OUT_OF_BOUNDS_NO_POE for a B-B signature checked after the certificate expired', () => {
    const later = new Date(Date.now() + 400 * 86400_000);
    const report = validatePdf(signed, { trustAnchors: [pki.root], at: later });
    expect(report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'OUT_OF_BOUNDS_NO_POE',
    });
  });

  it('says SIG_CONSTRAINTS_FAILURE when the catalog changes after signing', () => {
    const report = validatePdf(appendCatalogChange(signed), { trustAnchors: [pki.root] });
    expect(report.signatures[0]).toMatchObject({
      coverage: 'revision',
      changesAfter: 'other',
      isDigestValid: true,
      indication: 'INDETERMINATE',
      subIndication: 'SIG_CONSTRAINTS_FAILURE',
    });
  });

  it('says FORMAT_FAILURE when /Contents is not a CMS SignedData', () => {
    const [embedded] = readSignatures(signed);
    const start = embedded!.byteRange[1] + 1;
    const broken = Uint8Array.from(signed);
    broken.set(Buffer.from('3003020101', 'latin1'), start);
    broken.fill(0x30, start + 10, start + 2 * embedded!.contents.length);
    const report = validatePdf(broken, { trustAnchors: [pki.root] });
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'FORMAT_FAILURE',
    });
  });
});
