import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IncrementalUpdate } from './incremental-writer.js';
import { inspectPdf } from './inspect.js';
import type { PdfRef } from './objects.js';
import { PdfDict, PdfName, PdfString } from './objects.js';
import { PdfFile } from './pdf-file.js';
import { embedSignature, hashByteRange, prepareSignature } from './prepare-signature.js';
import type { PreparedSignature } from './prepare-signature.js';
import { readSignatures } from './read-signatures.js';
import { addSignatureFields } from './signature-fields.js';
import {
  checkWithQpdf,
  makeHybrid,
  makeTempDir,
  readCorpus,
  renderWithPoppler,
  runPdfsig,
  runQpdf,
  signWithOpenssl,
} from './test-helpers.js';

function isPrefix(prefix: Uint8Array, bytes: Uint8Array): boolean {
  return bytes.length >= prefix.length && Buffer.from(bytes.subarray(0, prefix.length)).equals(prefix);
}

function sign(
  bytes: Uint8Array,
  fieldName: string,
  extra: Partial<Parameters<typeof prepareSignature>[1]> = {},
) {
  const prepared = prepareSignature(bytes, { fieldName, kind: 'signature', contentsLength: 6000, ...extra });
  return embedSignature(prepared, signWithOpenssl(prepared));
}

function countValid(pdfsigOutput: string): number {
  return pdfsigOutput.split('Signature is Valid').length - 1;
}

describe('addSignatureFields', () => {
  it('adds visible and invisible fields in one revision that qpdf and poppler accept', () => {
    const original = readCorpus('pdflatex-4-pages.pdf');
    const withFields = addSignatureFields(original, [
      { name: 'sig-a', placement: { page: 0, rect: [72, 72, 200, 80] } },
      { name: 'sig-b', placement: { page: 3, rect: [300, 72, 200, 80] } },
      { name: 'sig-c' },
    ]);
    expect(isPrefix(original, withFields)).toBe(true);
    const summary = inspectPdf(withFields);
    expect(summary.signatureFieldNames).toEqual(['sig-a', 'sig-b', 'sig-c']);
    expect(summary.signedFieldNames).toEqual([]);
    expect(summary.revisionCount).toBe(2);
    expect(checkWithQpdf(withFields)).toMatchObject({ ok: true });
    expect(renderWithPoppler(withFields).subarray(1, 4).toString()).toBe('PNG');

    const file = PdfFile.open(withFields);
    const acroForm = file.lookupDict(file.catalog(), 'AcroForm')!;
    expect(acroForm.get('SigFlags')).toBe(3);
    const widget = file.resolve((file.lookupArray(acroForm, 'Fields') ?? [])[0]) as PdfDict;
    expect(widget.get('F')).toBe(132);
    expect((widget.get('FT') as PdfName).name).toBe('Sig');
    expect(widget.get('Rect')).toEqual([72, 72, 272, 152]);
    const invisible = file.resolve((file.lookupArray(acroForm, 'Fields') ?? [])[2]) as PdfDict;
    expect(invisible.get('Rect')).toEqual([0, 0, 0, 0]);
  });

  it('keeps the existing fields of a form and its indirect /Annots', () => {
    const original = readCorpus('libreoffice-form.pdf');
    const before = PdfFile.open(original);
    const fieldCount = before.lookupArray(before.lookupDict(before.catalog(), 'AcroForm'), 'Fields')!.length;
    const withFields = addSignatureFields(original, [
      { name: 'sig-1', placement: { page: 0, rect: [10, 10, 100, 40] } },
    ]);
    const after = PdfFile.open(withFields);
    const fields = after.lookupArray(after.lookupDict(after.catalog(), 'AcroForm'), 'Fields')!;
    expect(fields).toHaveLength(fieldCount + 1);
    expect(checkWithQpdf(withFields)).toMatchObject({ ok: true });
  });

  it('refuses a page that does not exist', () => {
    const original = readCorpus('minimal-document.pdf');
    expect(() =>
      addSignatureFields(original, [{ name: 's', placement: { page: 1, rect: [0, 0, 10, 10] } }]),
    ).toThrow(expect.objectContaining({ code: 'pdf.page_out_of_range' }));
  });

  it('writes an xref stream after an xref stream and a table after a table', () => {
    const table = addSignatureFields(readCorpus('002-trivial-libre-office-writer.pdf'), [{ name: 's' }]);
    const streamed = runQpdf(['--object-streams=generate'], readCorpus('minimal-document.pdf'));
    const withStream = addSignatureFields(streamed, [{ name: 's' }]);
    expect(Buffer.from(table).toString('latin1', table.length - 400)).toContain('trailer');
    const tail = Buffer.from(withStream).toString('latin1', streamed.length);
    expect(tail).toContain('/Type /XRef');
    expect(tail).not.toContain('trailer');
    expect(checkWithQpdf(withStream)).toMatchObject({ ok: true });
  });
});

describe('prepareSignature and embedSignature', () => {
  it('produces signatures that pdfsig validates, and the fifth leaves the first four valid', () => {
    const original = readCorpus('pdflatex-outline.pdf');
    const names = ['s1', 's2', 's3', 's4', 's5'];
    let bytes: Uint8Array = addSignatureFields(
      original,
      names.map((name, i) => ({ name, placement: { page: 0, rect: [40 + i * 100, 40, 90, 40] } })),
    );
    const revisions: Uint8Array[] = [];
    for (const name of names) {
      const next = sign(bytes, name, {
        reason: 'Approved',
        name: 'Zoë Tester',
        signingTime: new Date('2024-05-06T07:08:09Z'),
      });
      expect(isPrefix(bytes, next)).toBe(true);
      revisions.push(next);
      bytes = next;
    }
    expect(isPrefix(original, bytes)).toBe(true);
    expect(countValid(runPdfsig(bytes))).toBe(5);
    expect(checkWithQpdf(bytes)).toMatchObject({ ok: true });
    expect(renderWithPoppler(bytes).subarray(1, 4).toString()).toBe('PNG');

    const signatures = readSignatures(bytes);
    expect(signatures.map((s) => s.fieldName)).toEqual(names);
    const [first, , , , last] = signatures;
    expect(first).toMatchObject({
      kind: 'signature',
      subFilter: 'ETSI.CAdES.detached',
      coversWholeFile: false,
      signedRevisionLength: revisions[0]!.length,
      name: 'Zoë Tester',
      reason: 'Approved',
      signingTime: new Date('2024-05-06T07:08:09Z'),
    });
    expect(last!.coversWholeFile).toBe(true);
    expect(first!.contents[0]).toBe(0x30);
    expect(first!.contents.length).toBeLessThan(6000);
    expect(inspectPdf(bytes).signedFieldNames).toEqual(names);
  });

  it('computes a byte range that skips exactly the hex string', () => {
    const withField = addSignatureFields(readCorpus('minimal-document.pdf'), [{ name: 'sig' }]);
    const prepared = prepareSignature(withField, {
      fieldName: 'sig',
      kind: 'signature',
      contentsLength: 100,
    });
    const [a, b, c, d] = prepared.byteRange;
    const bytes = Buffer.from(prepared.bytes);
    expect(a).toBe(0);
    expect(bytes[b]).toBe(0x3c);
    expect(bytes[c - 1]).toBe(0x3e);
    expect(c - b).toBe(202);
    expect(c + d).toBe(bytes.length);
    expect(prepared.contentsOffset).toBe(b + 1);
    expect(bytes.toString('latin1', a, b)).toMatch(new RegExp(`/ByteRange \\[0 ${b} ${c} ${d} *\\]`));
    const digest = hashByteRange(prepared);
    const manual = execFileSync('openssl', ['dgst', '-sha256', '-binary'], {
      input: Buffer.concat([bytes.subarray(0, b), bytes.subarray(c)]),
    });
    expect(Buffer.from(digest)).toEqual(manual);
    expect(hashByteRange(prepared, 'sha512')).toHaveLength(64);
  });

  it('refuses a DER larger than the reservation, and pads a smaller one with zeros', () => {
    const withField = addSignatureFields(readCorpus('minimal-document.pdf'), [{ name: 'sig' }]);
    const prepared = prepareSignature(withField, { fieldName: 'sig', kind: 'signature', contentsLength: 8 });
    expect(() => embedSignature(prepared, new Uint8Array(9))).toThrow(
      expect.objectContaining({ code: 'pdf.signature_too_large' }),
    );
    const der = Buffer.from('3003020105', 'hex');
    const signed = embedSignature(prepared, der);
    expect(
      Buffer.from(signed).toString('latin1', prepared.contentsOffset, prepared.contentsOffset + 16),
    ).toBe('3003020105000000');
    expect(readSignatures(signed)[0]!.contents).toEqual(new Uint8Array(der));
  });

  it('leaves the prepared bytes as they were unless asked to write into them', () => {
    const withField = addSignatureFields(readCorpus('minimal-document.pdf'), [{ name: 'sig' }]);
    const prepared = prepareSignature(withField, { fieldName: 'sig', kind: 'signature', contentsLength: 8 });
    const before = Buffer.from(prepared.bytes);
    const der = Buffer.from('3003020105', 'hex');
    const copied = embedSignature(prepared, der);
    expect(Buffer.from(prepared.bytes).equals(before)).toBe(true);
    const filled = embedSignature(prepared, der, { inPlace: true });
    expect(filled.buffer).toBe(prepared.bytes.buffer);
    expect(Buffer.from(filled).equals(Buffer.from(copied))).toBe(true);
  });

  it('creates the field on request and writes a document timestamp dictionary', () => {
    const original = readCorpus('minimal-document.pdf');
    const prepared: PreparedSignature = prepareSignature(original, {
      fieldName: 'timestamp-1',
      kind: 'document-timestamp',
      contentsLength: 64,
      createField: { name: 'ignored-name-is-fieldName' },
    });
    const signed = embedSignature(prepared, Buffer.from('3003020101', 'hex'));
    const [signature] = readSignatures(signed);
    expect(signature).toMatchObject({
      fieldName: 'timestamp-1',
      kind: 'document-timestamp',
      subFilter: 'ETSI.RFC3161',
    });
    expect(checkWithQpdf(signed)).toMatchObject({ ok: true });
  });

  it('refuses unknown and already signed fields', () => {
    const withField = addSignatureFields(readCorpus('minimal-document.pdf'), [{ name: 'sig' }]);
    expect(() =>
      prepareSignature(withField, { fieldName: 'nope', kind: 'signature', contentsLength: 10 }),
    ).toThrow(expect.objectContaining({ code: 'pdf.field_not_found' }));
    const signed = sign(withField, 'sig');
    expect(() =>
      prepareSignature(signed, { fieldName: 'sig', kind: 'signature', contentsLength: 10 }),
    ).toThrow(expect.objectContaining({ code: 'pdf.field_already_signed' }));
    expect(() => addSignatureFields(signed, [{ name: 'sig' }])).toThrow(
      expect.objectContaining({ code: 'pdf.field_already_signed' }),
    );
  });

  it('signs files with object streams, linearized files and a file pdfsig already signed', () => {
    const base = readCorpus('pdflatex-4-pages.pdf');
    const dir = makeTempDir();
    execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${dir}`]);
    writeFileSync(join(dir, 'noise'), Buffer.alloc(64, 7));
    execFileSync(
      'certutil',
      [
        '-S',
        '-n',
        'signer',
        '-s',
        'CN=Poppler Test',
        '-x',
        '-t',
        'CT,C,C',
        '-k',
        'rsa',
        '-g',
        '2048',
        '-d',
        `sql:${dir}`,
        '-z',
        join(dir, 'noise'),
        '-v',
        '2',
      ],
      { stdio: 'ignore' },
    );
    writeFileSync(join(dir, 'in.pdf'), base);
    execFileSync(
      'pdfsig',
      [
        '-add-signature',
        '-nssdir',
        `sql:${dir}`,
        '-nick',
        'signer',
        '-new-signature-field-name',
        'poppler',
        join(dir, 'in.pdf'),
        join(dir, 'out.pdf'),
      ],
      { stdio: 'ignore' },
    );
    const popplerSigned = readFileSync(join(dir, 'out.pdf'));

    const inputs = {
      objectStreams: runQpdf(['--object-streams=generate'], base),
      linearized: runQpdf(['--linearize'], base),
      hybrid: makeHybrid(runQpdf(['--object-streams=generate'], base)),
      popplerSigned,
    };
    for (const [label, input] of Object.entries(inputs)) {
      const withField = addSignatureFields(input, [
        { name: 'ours', placement: { page: 1, rect: [50, 50, 150, 50] } },
      ]);
      const signed = sign(withField, 'ours');
      expect(isPrefix(input, signed), label).toBe(true);
      expect(checkWithQpdf(signed).ok, `${label}: ${checkWithQpdf(signed).output}`).toBe(true);
      const expected = label === 'popplerSigned' ? 2 : 1;
      expect(countValid(runPdfsig(signed)), label).toBe(expected);
      expect(inspectPdf(signed).pageCount).toBe(4);
    }
    expect(readSignatures(popplerSigned)[0]).toMatchObject({
      fieldName: 'poppler',
      subFilter: 'adbe.pkcs7.detached',
    });
  });
});

describe('DocMDP', () => {
  it('refuses any change to a document certified with P=1', () => {
    const withField = addSignatureFields(readCorpus('minimal-document.pdf'), [
      { name: 'cert' },
      { name: 'later' },
    ]);
    // Certify by hand: a signature dictionary with a DocMDP transform (12.8.2.2) and /Perms.
    const file = PdfFile.open(withField);
    const update = new IncrementalUpdate(file);
    const transform = new PdfDict({
      Type: new PdfName('SigRef'),
      TransformMethod: new PdfName('DocMDP'),
      TransformParams: new PdfDict({ Type: new PdfName('TransformParams'), P: 1, V: new PdfName('1.2') }),
    });
    const signature = update.add(
      new PdfDict({
        Type: new PdfName('Sig'),
        Filter: new PdfName('Adobe.PPKLite'),
        SubFilter: new PdfName('ETSI.CAdES.detached'),
        ByteRange: [0, 0, 0, 0],
        Contents: new PdfString(new Uint8Array(4), true),
        Reference: [transform],
      }),
    );
    const fieldRef = file.lookupArray(file.lookupDict(file.catalog(), 'AcroForm'), 'Fields')![0] as PdfRef;
    update.edit(fieldRef).set('V', signature);
    update.edit(file.rootRef).set('Perms', new PdfDict({ DocMDP: signature }));
    const certified = update.write().bytes;

    expect(readSignatures(certified)[0]!.docMdpPermissions).toBe(1);
    expect(() =>
      prepareSignature(certified, { fieldName: 'later', kind: 'signature', contentsLength: 10 }),
    ).toThrow(expect.objectContaining({ code: 'pdf.certified_no_changes' }));
    expect(() => addSignatureFields(certified, [{ name: 'another' }])).toThrow(
      expect.objectContaining({ code: 'pdf.certified_no_changes' }),
    );
  });
});
