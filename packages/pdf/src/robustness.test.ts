import { describe, expect, it } from 'vitest';
import { PdfError } from './errors.js';
import { inspectPdf } from './inspect.js';
import { prepareSignature } from './prepare-signature.js';
import { readSignatures } from './read-signatures.js';
import { addSignatureFields } from './signature-fields.js';
import { readCorpus } from './test-helpers.js';

/** A small deterministic generator, so a failure can be replayed. */
function makeRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function damage(original: Buffer, round: number, random: () => number): Buffer {
  const bytes = Buffer.from(original);
  if (round % 3 === 0) {
    for (let i = 0; i < 20; i++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
    return bytes;
  }
  if (round % 3 === 1) return bytes.subarray(0, Math.floor(random() * bytes.length));
  const at = Math.floor(random() * bytes.length);
  return bytes.fill(0x20, at, Math.min(bytes.length, at + 200));
}

describe('damaged input', () => {
  it('either works or fails with a PdfError, never with anything else', () => {
    const random = makeRandom(7);
    const operations = [
      (bytes: Buffer) => inspectPdf(bytes),
      (bytes: Buffer) => readSignatures(bytes),
      (bytes: Buffer) =>
        addSignatureFields(bytes, [{ name: 'x', placement: { page: 0, rect: [1, 1, 50, 20] } }]),
      (bytes: Buffer) =>
        prepareSignature(bytes, {
          fieldName: 'y',
          kind: 'signature',
          contentsLength: 10,
          createField: { name: 'y' },
        }),
    ];
    const unexpected: string[] = [];
    for (const name of [
      'libreoffice-form.pdf',
      'pdflatex-forms.pdf',
      'annotated_pdf.pdf',
      'with-attachment.pdf',
    ]) {
      const original = readCorpus(name);
      for (let round = 0; round < 60; round++) {
        const bytes = damage(original, round, random);
        for (const operation of operations) {
          try {
            operation(bytes);
          } catch (error) {
            if (!(error instanceof PdfError)) unexpected.push(`${name} round ${round}: ${String(error)}`);
          }
        }
      }
    }
    expect(unexpected).toEqual([]);
  });
});
