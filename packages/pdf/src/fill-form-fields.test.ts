// Form filling in a signer's revision, judged by the change check: a new value and appearance of
// an existing text field or check box is `form_fields` (allowed under DocMDP 2 and 3); anything
// more on such a field (here a changed label) stays `other`; a missing field is refused.
import { describe, expect, it } from 'vitest';
import { classifyChangesAfter } from './classify-changes.js';
import type { fillFormFields } from './fill-form-fields.js';
import { addRequestFields } from './form-fields.js';
import { listFields } from './form.js';
import { IncrementalUpdate } from './incremental-writer.js';
import type { PdfName } from './objects.js';
import { makeTextString } from './objects.js';
import { PdfFile } from './pdf-file.js';
import { embedSignature, prepareSignature } from './prepare-signature.js';
import { readSignatures } from './read-signatures.js';
import { readCorpus } from './test-helpers.js';

function sent(): Uint8Array {
  return addRequestFields(
    readCorpus('pdflatex-4-pages.pdf'),
    [
      { name: 'Sig-a', placement: { page: 0, rect: [10, 10, 100, 40] } },
      { name: 'Sig-b', placement: { page: 0, rect: [10, 60, 100, 40] } },
    ],
    [
      { name: 'Text-b', type: 'text', required: true, placement: { page: 0, rect: [150, 10, 150, 20] } },
      { name: 'Box-b', type: 'checkbox', required: false, placement: { page: 0, rect: [320, 10, 16, 16] } },
    ],
  );
}

function sign(bytes: Uint8Array, fieldName: string, formValues: Parameters<typeof fillFormFields>[1] = []) {
  const prepared = prepareSignature(bytes, { fieldName, kind: 'signature', contentsLength: 32, formValues });
  return embedSignature(prepared, Buffer.from('3003020101', 'hex'));
}

describe('fillFormFields', () => {
  it("writes values in the next signer's revision as form filling, not as a modification", () => {
    const first = sign(sent(), 'Sig-a');
    const second = sign(first, 'Sig-b', [
      { name: 'Text-b', value: 'Chief engineer' },
      { name: 'Box-b', value: true },
    ]);
    const [a] = readSignatures(second);
    expect(classifyChangesAfter(second, a!.signedRevisionLength)).toBe('form_fields');
    const fields = new Map(listFields(PdfFile.open(second)).map((f) => [f.name, f]));
    expect(fields.get('Text-b')!.dict.get('AP')).toBeDefined();
    expect((fields.get('Box-b')!.value as PdfName).name).toBe('Yes');
    expect((fields.get('Box-b')!.dict.get('AS') as PdfName).name).toBe('Yes');
  });

  it('judges a field changed beyond its value as a modification', () => {
    const first = sign(sent(), 'Sig-a');
    const file = PdfFile.open(first);
    const update = new IncrementalUpdate(file);
    const field = listFields(file).find((f) => f.name === 'Text-b')!;
    const dict = update.edit(field.ref!);
    dict.set('V', makeTextString('filled'));
    dict.set('TU', makeTextString('a new label after signing'));
    const changed = update.write().bytes;
    expect(classifyChangesAfter(changed, readSignatures(first)[0]!.signedRevisionLength)).toBe('other');
  });

  it('refuses a field the document does not have, or a value of the wrong kind', () => {
    expect(() => sign(sent(), 'Sig-a', [{ name: 'Nope', value: 'x' }])).toThrow(/no fillable field/);
    expect(() => sign(sent(), 'Sig-a', [{ name: 'Box-b', value: 'yes' }])).toThrow(RangeError);
  });
});
