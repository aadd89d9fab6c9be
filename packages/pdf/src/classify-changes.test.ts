import { deflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { classifyChangesAfter, classifyChangesIn } from './classify-changes.js';
import { appendDss } from './dss.js';
import { IncrementalUpdate } from './incremental-writer.js';
import { PdfDict, PdfName, PdfStream, makeTextString } from './objects.js';
import type { PdfObject, PdfRef } from './objects.js';
import { listPages } from './pages.js';
import { PdfFile } from './pdf-file.js';
import { embedSignature, prepareSignature } from './prepare-signature.js';
import { readSignatures } from './read-signatures.js';
import { PdfRevisions } from './revisions.js';
import { addSignatureFields } from './signature-fields.js';
import { readCorpus } from './test-helpers.js';

function signDummy(bytes: Uint8Array, fieldName: string): Uint8Array {
  const prepared = prepareSignature(bytes, { fieldName, kind: 'signature', contentsLength: 32 });
  return embedSignature(prepared, Buffer.from('3003020101', 'hex'));
}

/** A document with fields a and b where a is signed; returns it and the signed revision length. */
function makeSigned(): { bytes: Uint8Array; signedLength: number } {
  const withFields = addSignatureFields(readCorpus('pdflatex-4-pages.pdf'), [
    { name: 'a', placement: { page: 0, rect: [10, 10, 100, 40] } },
    { name: 'b', placement: { page: 1, rect: [10, 10, 100, 40] } },
  ]);
  const bytes = signDummy(withFields, 'a');
  return { bytes, signedLength: readSignatures(bytes)[0]!.signedRevisionLength };
}

function addAnnotation(bytes: Uint8Array): Uint8Array {
  const file = PdfFile.open(bytes);
  const update = new IncrementalUpdate(file);
  const page = listPages(file)[0]!;
  const note = update.add(
    new PdfDict({
      Type: new PdfName('Annot'),
      Subtype: new PdfName('Text'),
      Rect: [100, 100, 120, 120],
      Contents: makeTextString('a comment'),
    }),
  );
  const annots = update.edit(page.ref).get('Annots');
  if (Array.isArray(annots)) annots.push(note);
  else update.edit(page.ref).set('Annots', [note]);
  return update.write().bytes;
}

function changePageContent(bytes: Uint8Array): Uint8Array {
  const file = PdfFile.open(bytes);
  const update = new IncrementalUpdate(file);
  const page = listPages(file)[0]!;
  const content = update.add(
    new PdfStream(new PdfDict({ Filter: new PdfName('FlateDecode') }), deflateSync('0 0 m 100 100 l S')),
  );
  update.edit(page.ref).set('Contents', content);
  return update.write().bytes;
}

describe('classifyChangesAfter', () => {
  it('is none when the signature covers the whole file', () => {
    const { bytes, signedLength } = makeSigned();
    expect(signedLength).toBe(bytes.length);
    expect(classifyChangesAfter(bytes, signedLength)).toBe('none');
  });

  it('counts a later signature, DSS and a document timestamp as signature_fields', () => {
    const { bytes, signedLength } = makeSigned();
    const second = signDummy(bytes, 'b');
    expect(classifyChangesAfter(second, signedLength)).toBe('signature_fields');
    const withDss = appendDss(second, { certificates: [Buffer.from('cert')], ocspResponses: [], crls: [] });
    expect(classifyChangesAfter(withDss, signedLength)).toBe('signature_fields');
    const timestamp = prepareSignature(withDss, {
      fieldName: 'ts',
      kind: 'document-timestamp',
      contentsLength: 16,
      createField: { name: 'ts' },
    });
    const stamped = embedSignature(timestamp, Buffer.from('3003020101', 'hex'));
    expect(classifyChangesAfter(stamped, signedLength)).toBe('signature_fields');
  });

  it('counts new signature fields added after signing as signature_fields', () => {
    const { bytes, signedLength } = makeSigned();
    const more = addSignatureFields(bytes, [{ name: 'c', placement: { page: 0, rect: [200, 10, 100, 40] } }]);
    expect(classifyChangesAfter(more, signedLength)).toBe('signature_fields');
  });

  it('counts a new comment as annotations', () => {
    const { bytes, signedLength } = makeSigned();
    expect(classifyChangesAfter(addAnnotation(bytes), signedLength)).toBe('annotations');
  });

  it('counts changed page content as other', () => {
    const { bytes, signedLength } = makeSigned();
    expect(classifyChangesAfter(changePageContent(bytes), signedLength)).toBe('other');
    expect(classifyChangesAfter(changePageContent(addAnnotation(bytes)), signedLength)).toBe('other');
  });

  it('counts replacing the value of a signed field as other', () => {
    const { bytes, signedLength } = makeSigned();
    const file = PdfFile.open(bytes);
    const update = new IncrementalUpdate(file);
    const field = file.lookupArray(file.lookupDict(file.catalog(), 'AcroForm'), 'Fields')![0];
    const forged = update.add(new PdfDict({ Type: new PdfName('Sig') }));
    update.edit(field as PdfRef).set('V', forged);
    expect(classifyChangesAfter(update.write().bytes, signedLength)).toBe('other');
  });
});

describe('one reading for all revisions (PdfRevisions)', () => {
  it('shares each xref section between the revisions that hold it', () => {
    const { bytes, signedLength } = makeSigned();
    const second = signDummy(bytes, 'b');
    const revisions = new PdfRevisions(second);
    const signed = revisions.revision(signedLength);
    expect(revisions.latest.sections.slice(1)).toEqual(signed.sections);
    signed.sections.forEach((section, index) => expect(revisions.latest.sections[index + 1]).toBe(section));
    expect(revisions.changedBetween(signed, revisions.latest)).toEqual(
      new Set(revisions.latest.sections[0]!.entries.keys()),
    );
  });

  it('walks the page tree again only for a revision that changed what the walk read', () => {
    const { bytes, signedLength } = makeSigned();
    const second = signDummy(bytes, 'b');
    const revisions = new PdfRevisions(second);
    // signing b changed a field and its signature, nothing of the page tree
    expect(revisions.pagesOf(revisions.latest)).toBe(revisions.pagesOf(revisions.revision(signedLength)));
    const annotated = new PdfRevisions(changePageContent(second));
    const before = annotated.pagesOf(annotated.revision(second.length));
    const after = annotated.pagesOf(annotated.latest);
    expect(after).not.toBe(before);
    expect(after[0]!.dict.get('Contents')).not.toEqual(before[0]!.dict.get('Contents'));
  });

  it('judges every signed revision of one file as a reading of its own would', () => {
    const { bytes, signedLength } = makeSigned();
    const second = signDummy(bytes, 'b');
    const [, signedB] = readSignatures(second).map((signature) => signature.signedRevisionLength);
    const changed = changePageContent(addAnnotation(second));
    const revisions = new PdfRevisions(changed);
    for (const length of [signedLength, signedB!, changed.length]) {
      const alone = classifyChangesAfter(changed, length);
      expect(classifyChangesIn(revisions, length)).toBe(alone);
    }
    expect(classifyChangesIn(revisions, signedLength)).toBe('other');
    expect(classifyChangesIn(revisions, changed.length)).toBe('none');
  });
});

describe('annotation arrays judged without listing every page', () => {
  /** Runs `change` on an incremental update of `bytes` and returns the new bytes. */
  function update(bytes: Uint8Array, change: (update: IncrementalUpdate, file: PdfFile) => void): Uint8Array {
    const file = PdfFile.open(bytes);
    const incremental = new IncrementalUpdate(file);
    change(incremental, file);
    return incremental.write().bytes;
  }

  /** A signed document whose first page keeps its /Annots in an array object of its own. */
  function signedWithAnnotsObject(): { bytes: Uint8Array; signedLength: number; annots: PdfRef } {
    let annots: PdfRef | undefined;
    const prepared = update(
      addSignatureFields(readCorpus('pdflatex-4-pages.pdf'), [{ name: 'a' }]),
      (next, file) => {
        const page = listPages(file)[0]!;
        const items = file.resolve(page.dict.get('Annots'));
        annots = next.add(Array.isArray(items) ? [...items] : []);
        next.edit(page.ref).set('Annots', annots);
      },
    );
    const bytes = signDummy(prepared, 'a');
    return { bytes, signedLength: readSignatures(bytes)[0]!.signedRevisionLength, annots: annots! };
  }

  it('takes a new comment on a page from its /P, without walking the page tree', () => {
    const { bytes, signedLength, annots } = signedWithAnnotsObject();
    const commented = update(bytes, (next, file) => {
      const page = listPages(file)[0]!;
      const note = next.add(
        new PdfDict({
          Type: new PdfName('Annot'),
          Subtype: new PdfName('Text'),
          Rect: [0, 0, 9, 9],
          P: page.ref,
        }),
      );
      next.editArray(annots).push(note);
    });
    const revisions = new PdfRevisions(commented);
    const walk = vi.spyOn(revisions, 'pagesOf');
    expect(classifyChangesIn(revisions, signedLength)).toBe('annotations');
    expect(walk).not.toHaveBeenCalled();
  });

  it('is not fooled by a page outside the tree that claims an array as its /Annots', () => {
    // before signing: the page tree's /Kids in an array object, and a stray page naming it /Annots
    let kids: PdfRef | undefined;
    let stray: PdfRef | undefined;
    const prepared = update(
      addSignatureFields(readCorpus('pdflatex-4-pages.pdf'), [{ name: 'a' }]),
      (next, file) => {
        const root = file.catalog().get('Pages') as PdfRef;
        const tree = next.edit(root);
        kids = next.add([...(file.resolve(tree.get('Kids')) as PdfObject[])]);
        tree.set('Kids', kids);
        stray = next.add(new PdfDict({ Type: new PdfName('Page'), Parent: root, Annots: kids }));
      },
    );
    const bytes = signDummy(prepared, 'a');
    const signedLength = readSignatures(bytes)[0]!.signedRevisionLength;
    // after signing: a page dropped from /Kids, and an "annotation" pointing at the stray page
    const forged = update(bytes, (next) => {
      const items = next.editArray(kids!);
      items.splice(1, 1);
      items.push(
        next.add(new PdfDict({ Type: new PdfName('Annot'), Subtype: new PdfName('Text'), P: stray! })),
      );
    });
    expect(classifyChangesAfter(forged, signedLength)).toBe('other');
  });
});
