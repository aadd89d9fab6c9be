import { describe, expect, it } from 'vitest';
import { addRequestFields } from './form-fields.js';
import { listFields } from './form.js';
import type { PdfDict } from './objects.js';
import { PdfName } from './objects.js';
import { PdfFile } from './pdf-file.js';
import { embedSignature, prepareSignature } from './prepare-signature.js';
import { checkWithQpdf, readCorpus, renderWithPoppler, signWithOpenssl } from './test-helpers.js';
import { PdfError } from './errors.js';

const signature = {
  name: 'Signature-a',
  placement: { page: 0, rect: [72, 72, 150, 70] as [number, number, number, number] },
};

describe('addRequestFields', () => {
  it('adds signature, text and check-box fields in one revision that qpdf and poppler accept', () => {
    const original = readCorpus('pdflatex-4-pages.pdf');
    const bytes = addRequestFields(
      original,
      [signature, { name: 'Signature-b' }],
      [
        {
          name: 'Text-1',
          type: 'text',
          placement: { page: 1, rect: [72, 500, 150, 20] },
          required: true,
          label: 'Company',
        },
        {
          name: 'Checkbox-1',
          type: 'checkbox',
          placement: { page: 3, rect: [72, 400, 16, 16] },
          required: false,
        },
      ],
    );
    expect(Buffer.from(bytes.subarray(0, original.length)).equals(original)).toBe(true);
    expect(checkWithQpdf(bytes)).toMatchObject({ ok: true });
    expect(renderWithPoppler(bytes).subarray(1, 4).toString()).toBe('PNG');

    const file = PdfFile.open(bytes);
    const byName = new Map(listFields(file).map((f) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual(['Checkbox-1', 'Signature-a', 'Signature-b', 'Text-1']);
    const text = byName.get('Text-1')!.dict;
    expect(byName.get('Text-1')!.fieldType).toBe('Tx');
    expect(text.get('Ff')).toBe(2);
    expect(text.get('F')).toBe(4);
    const box = byName.get('Checkbox-1')!;
    expect(box.fieldType).toBe('Btn');
    expect(box.dict.get('Ff')).toBe(0);
    expect(box.value).toEqual(new PdfName('Off'));
    const states = file.resolve((file.resolve(box.dict.get('AP')) as PdfDict).get('N')) as PdfDict;
    expect([...states.entries.keys()].sort()).toEqual(['Off', 'Yes']);
    const acroForm = file.lookupDict(file.catalog(), 'AcroForm')!;
    expect(acroForm.get('SigFlags')).toBe(3);
    expect(acroForm.has('DR')).toBe(true);
  });

  it('refuses fillable fields on a document that is signed already, but still adds signature fields', () => {
    const prepared = prepareSignature(addRequestFields(readCorpus('pdflatex-4-pages.pdf'), [signature], []), {
      fieldName: 'Signature-a',
      kind: 'signature',
      contentsLength: 6000,
    });
    const signed = embedSignature(prepared, signWithOpenssl(prepared));
    const box = {
      name: 'Checkbox-1',
      type: 'checkbox' as const,
      placement: { page: 0, rect: [72, 400, 16, 16] as [number, number, number, number] },
      required: true,
    };
    expect(() => addRequestFields(signed, [], [box])).toThrow(PdfError);
    expect(listFields(PdfFile.open(addRequestFields(signed, [{ name: 'Signature-b' }], []))).length).toBe(2);
  });

  it('refuses a form field named like one the document has', () => {
    const withSig = addRequestFields(readCorpus('pdflatex-4-pages.pdf'), [signature], []);
    const clash = {
      name: 'Signature-a',
      type: 'text' as const,
      placement: { page: 0, rect: [72, 400, 100, 20] as [number, number, number, number] },
      required: true,
    };
    expect(() => addRequestFields(withSig, [], [clash])).toThrow(/already has a field/);
  });
});
