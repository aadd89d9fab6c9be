import { describe, expect, it, beforeAll } from 'vitest';
import { addSignatureFields } from '@countersign/pdf';
import { finishSignature, signPdf, startSignature } from './sign.js';
import { parsePendingSignature } from './pending-signature.js';
import { validatePdf } from './validate/validate-pdf.js';
import { createTestPki } from './test-support/test-pki.js';
import type { TestPki, TestSigner } from './test-support/test-pki.js';
import { makeTextPdf } from './test-support/sample-pdfs.js';
import { PadesError } from './errors.js';

describe('startSignature / finishSignature', () => {
  let pki: TestPki;
  let signer: TestSigner;
  let prepared: Uint8Array;
  beforeAll(async () => {
    pki = await createTestPki();
    signer = await pki.issueSigner({ name: 'Grace Hopper', email: 'grace@example.com' });
    prepared = addSignatureFields(await makeTextPdf(), [{ name: 'sig-a' }, { name: 'sig-b' }]);
  });

  it('finishes from a JSON round trip of the pending state, as a remote signature would', async () => {
    const started = startSignature(prepared, { fieldName: 'sig-a', signer, level: 'B-B' });
    const stored = JSON.parse(JSON.stringify(started.pending)) as unknown;
    const value = await signer.sign(started.dataToBeSigned);
    const signed = await finishSignature(stored, value);
    const report = validatePdf(signed, { trustAnchors: [pki.root] });
    expect(report.isValid).toBe(true);
    expect(report.signatures.map((s) => [s.fieldName, s.level, s.indication])).toEqual([
      ['sig-a', 'B-B', 'TOTAL_PASSED'],
    ]);
  });

  it('accepts prepared bytes kept by the caller under a key, and refuses other bytes', async () => {
    const started = startSignature(prepared, {
      fieldName: 'sig-a',
      signer,
      level: 'B-B',
      preparedKey: 'blob-1',
    });
    expect(started.pending.preparedBytes).toBeUndefined();
    const value = await signer.sign(started.dataToBeSigned);
    const other = Uint8Array.from(started.preparedBytes);
    other[20] = other[20]! ^ 1;
    await expect(finishSignature(started.pending, value, { preparedBytes: other })).rejects.toMatchObject({
      code: 'pades.pending_invalid',
    });
    const kept = Uint8Array.from(started.preparedBytes);
    const signed = await finishSignature(started.pending, value, { preparedBytes: started.preparedBytes });
    expect(validatePdf(signed, { trustAnchors: [pki.root] }).isValid).toBe(true);
    // the caller's copy is still the prepared revision, which it may store or sign again
    expect(Buffer.from(started.preparedBytes).equals(Buffer.from(kept))).toBe(true);
  });

  it('refuses a signature value that does not match the certificate', async () => {
    const started = startSignature(prepared, { fieldName: 'sig-a', signer, level: 'B-B' });
    const stranger = await pki.issueSigner({ name: 'Mallory', email: 'mallory@example.com' });
    const value = await stranger.sign(started.dataToBeSigned);
    await expect(finishSignature(started.pending, value)).rejects.toBeInstanceOf(PadesError);
    await expect(finishSignature(started.pending, value)).rejects.toMatchObject({
      code: 'pades.signature_mismatch',
    });
  });

  it('asks for trust services from B-T up', async () => {
    await expect(signPdf(prepared, { fieldName: 'sig-a', signer, level: 'B-T' })).rejects.toMatchObject({
      code: 'pades.services_missing',
    });
  });

  it('rejects pending states that are not ours', () => {
    expect(() => parsePendingSignature({ version: 2 })).toThrow(PadesError);
    expect(() => parsePendingSignature('nope')).toThrow(PadesError);
  });

  it('grows the reservation and retries when the CMS does not fit', async () => {
    const signed = await signPdf(prepared, { fieldName: 'sig-b', signer, level: 'B-B', contentsLength: 600 });
    const report = validatePdf(signed, { trustAnchors: [pki.root] });
    expect(report.signatures[0]).toMatchObject({ fieldName: 'sig-b', indication: 'TOTAL_PASSED' });
  });

  it('signs with RSA-2048 keys (sha256WithRSAEncryption)', async () => {
    const rsaPki = await createTestPki('RSA-2048');
    const rsaSigner = await rsaPki.issueSigner({
      name: 'Rsa',
      email: 'rsa@example.com',
      keyAlgorithm: 'RSA-2048',
    });
    const signed = await signPdf(prepared, { fieldName: 'sig-a', signer: rsaSigner, level: 'B-B' });
    expect(validatePdf(signed, { trustAnchors: [rsaPki.root] }).isValid).toBe(true);
  });
});
