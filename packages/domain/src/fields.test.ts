import { describe, expect, it } from 'vitest';
import {
  checkFields,
  fieldsOfSigner,
  fieldsToComplete,
  missingRequiredFields,
  signersWithoutSignatureField,
  type Field,
} from './fields.js';

const page = { width: 595, height: 842 };
const docs = [
  { id: 'd1', pages: [page, page] },
  { id: 'd2', pages: [page] },
];
const field = (over: Partial<Field>): Field => ({
  id: 'f1',
  documentId: 'd1',
  signerId: 's1',
  kind: 'text',
  required: true,
  label: '',
  page: 1,
  x: 100,
  y: 100,
  width: 150,
  height: 20,
  ...over,
});

describe('checkFields', () => {
  it('accepts fields inside their pages, one signature per signer and document', () => {
    const fields = [
      field({ id: 'a', kind: 'signature', height: 70 }),
      field({ id: 'b', kind: 'signature', documentId: 'd2' }),
      field({ id: 'c', kind: 'signature', signerId: 's2' }),
      field({ id: 'd', kind: 'checkbox', width: 16, height: 16, page: 2 }),
    ];
    expect(checkFields(fields, docs, ['s1', 's2'])).toBeNull();
  });

  it('names the first problem and the field that has it', () => {
    const cases: [Partial<Field>, string][] = [
      [{ documentId: 'nope' }, 'unknown_document'],
      [{ signerId: 's9' }, 'unknown_signer'],
      [{ page: 3 }, 'page_out_of_range'],
      [{ x: 500 }, 'outside_page'],
      [{ y: -1 }, 'outside_page'],
      [{ width: 5 }, 'too_small'],
    ];
    for (const [over, problem] of cases)
      expect(checkFields([field({ id: 'x', ...over })], docs, ['s1'])).toEqual({ problem, fieldId: 'x' });
  });

  it('refuses a second signature field for the same signer on one document, and repeated ids', () => {
    expect(
      checkFields(
        [field({ id: 'a', kind: 'signature' }), field({ id: 'b', kind: 'signature', page: 2 })],
        docs,
        ['s1'],
      ),
    ).toEqual({ problem: 'second_signature', fieldId: 'b' });
    expect(checkFields([field({}), field({ page: 2 })], docs, ['s1'])).toEqual({
      problem: 'duplicate_id',
      fieldId: 'f1',
    });
  });
});

describe('what a signer completes', () => {
  const fields = [
    field({ id: 'sig', kind: 'signature' }),
    field({ id: 'late', page: 2, y: 700 }),
    field({ id: 'top', y: 700 }),
    field({ id: 'box', kind: 'checkbox', width: 16, height: 16 }),
    field({ id: 'optional', required: false, x: 300 }),
    field({ id: 'date', kind: 'date_signed' }),
    field({ id: 'ini', kind: 'initials', documentId: 'd2' }),
    field({ id: 'other', signerId: 's2' }),
  ];

  it('lists own fields in reading order: document, page, top to bottom, left to right', () => {
    expect(fieldsOfSigner(fields, 's1', ['d1', 'd2']).map((f) => f.id)).toEqual([
      'top',
      'sig',
      'date',
      'optional',
      'box',
      'late',
      'ini',
    ]);
  });

  it('asks only for required fields whose value comes from the signer', () => {
    expect(fieldsToComplete(fields, 's1', ['d1', 'd2']).map((f) => f.id)).toEqual([
      'top',
      'box',
      'late',
      'ini',
    ]);
  });

  it('reports blank text and unticked required boxes as missing', () => {
    expect(
      missingRequiredFields(fields, 's1', { top: 'x', late: '  ', box: false, ini: 'AB' }).sort(),
    ).toEqual(['box', 'late']);
    expect(missingRequiredFields(fields, 's1', { top: 'x', late: 'y', box: true, ini: 'AB' })).toEqual([]);
  });
});

describe('signersWithoutSignatureField', () => {
  it('lists, per signer, the documents they would sign invisibly', () => {
    const fields = [
      field({ kind: 'signature' }),
      field({ id: 'b', kind: 'signature', signerId: 's2', documentId: 'd2' }),
    ];
    expect(signersWithoutSignatureField(['s1', 's2'], ['d1', 'd2'], fields)).toEqual([
      { signerId: 's1', documentIds: ['d2'] },
      { signerId: 's2', documentIds: ['d1'] },
    ]);
    expect(signersWithoutSignatureField(['s1'], ['d1'], fields)).toEqual([]);
  });
});
