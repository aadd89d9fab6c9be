// Forms that leave drawing their fields to the viewer (/NeedAppearances true): once a request is
// sent with its signature field and signed, poppler, MuPDF and ghostscript all draw the visible
// signature, and poppler still draws the values the form was filled with; the flag is cleared
// before the first signature only, and the signature stays valid for pdfsig.
import { describe, expect, it } from 'vitest';
import { addRequestFields } from './form-fields.js';
import { PdfFile } from './pdf-file.js';
import { addSignatureFields } from './signature-fields.js';
import { embedSignature, prepareSignature } from './prepare-signature.js';
import { needsAppearances } from './settle-appearances.js';
import { inkIn, readCorpus, renderGray, runPdfsig, signWithOpenssl, type Renderer } from './test-helpers.js';

const renderers: Renderer[] = ['pdftoppm', 'mutool', 'ghostscript'];
// the bottom margin of page 1, blank in each of these documents (checked below)
const SIGNATURE_BOX = [20, 10, 200, 45] as const;

function sendAndSign(original: Uint8Array): Uint8Array {
  const sent = addRequestFields(
    original,
    [{ name: 'sig-1', placement: { page: 0, rect: [...SIGNATURE_BOX] } }],
    [],
  );
  const prepared = prepareSignature(sent, {
    fieldName: 'sig-1',
    kind: 'signature',
    contentsLength: 6000,
    appearance: { name: 'Ada Lovelace', date: '2026-11-29' },
  });
  return embedSignature(prepared, signWithOpenssl(prepared));
}

describe.each(['libreoffice-form.pdf', 'pdflatex-forms.pdf', 'reportlab-overlay.pdf'])(
  'a form that leaves its fields to the viewer: %s',
  (name) => {
    const original = readCorpus(name);
    const signed = sendAndSign(original);

    it('asked viewers to draw its fields, and no longer does once sent', () => {
      expect(needsAppearances(PdfFile.open(original))).toBe(true);
      expect(needsAppearances(PdfFile.open(signed))).toBe(false);
      expect(runPdfsig(signed)).toContain('Signature is Valid');
    });

    it.each(renderers)('shows the visible signature in %s', (renderer) => {
      expect(inkIn(renderGray(renderer, original), SIGNATURE_BOX)).toBe(0);
      expect(inkIn(renderGray(renderer, signed), SIGNATURE_BOX)).toBeGreaterThan(40);
    });
  },
);

describe('the values a LibreOffice form was filled with', () => {
  const original = readCorpus('libreoffice-form.pdf');
  // the "First Name" field: "Alice" behind an empty appearance, which MuPDF and ghostscript draw
  // as it is (nothing) while poppler draws the value itself
  const firstName = [119.5, 710.4, 84.4, 7.7] as const;
  const signed = sendAndSign(original);

  it.each(renderers)('are drawn by %s once the form is settled and signed', (renderer) => {
    const before = inkIn(renderGray(renderer, original, 216), firstName);
    const after = inkIn(renderGray(renderer, signed, 216), firstName);
    expect(after).toBeGreaterThan(60);
    // poppler drew it before, in the form's larger font spilling out of the box: still there
    if (before > 0) expect(after).toBeGreaterThan(before / 5);
  });
});

describe('a form signed already', () => {
  it('keeps its flag and its fields as they were: redrawing them would change what was signed', () => {
    // signed elsewhere, the flag left as it was
    const withField = addSignatureFields(readCorpus('libreoffice-form.pdf'), [{ name: 'theirs' }]);
    const prepared = prepareSignature(withField, {
      fieldName: 'theirs',
      kind: 'signature',
      contentsLength: 6000,
    });
    const signedElsewhere = embedSignature(prepared, signWithOpenssl(prepared));
    const sent = addRequestFields(
      signedElsewhere,
      [{ name: 'sig-2', placement: { page: 0, rect: [...SIGNATURE_BOX] } }],
      [],
    );
    expect(needsAppearances(PdfFile.open(sent))).toBe(true);
    expect(runPdfsig(sent)).toContain('Signature is Valid');
  });
});
