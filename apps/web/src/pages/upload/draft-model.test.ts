import type { SignatureRequest } from '@countersign/contract';
import { describe, expect, it } from 'vitest';
import {
  addSignerBody,
  deadlineBounds,
  fieldsBody,
  isSameFieldList,
  planSignerSync,
  sendBlockerOf,
} from './draft-model.js';
import type { FieldDraft, SignerDraft } from './draft-model.js';
import { makeSigner } from './test-request.js';

const field = { page: 1, x: 100, y: 50, width: 150, height: 70 };
type Signer = SignatureRequest['signatures'][number];

function serverSigner(
  id: string,
  email: string,
  placement: typeof field | null,
  name: string | null = null,
): Signer {
  return makeSigner({
    id,
    email,
    name,
    documentSignatures: [
      { documentId: 'doc1', placement },
      { documentId: 'doc2', placement: null },
    ],
  });
}

const request = (signatures: Signer[]) => ({
  signatures,
  documents: [{ id: 'doc1' }, { id: 'doc2' }] as SignatureRequest['documents'],
});

describe('planSignerSync', () => {
  it('leaves unchanged signers alone and adds new ones', () => {
    const local: SignerDraft[] = [
      { email: 'ada@example.com', name: '' },
      { email: 'bob@example.com', name: 'Bob' },
    ];
    const plan = planSignerSync(request([serverSigner('s1', 'ada@example.com', field)]), local);
    expect(plan).toEqual({ remove: [], add: [local[1]] });
  });

  it('replaces a signer whose name changed, and drops removed ones; fields do not matter here', () => {
    const local: SignerDraft[] = [
      { email: 'ada@example.com', name: '' },
      { email: 'cy@example.com', name: 'Cy' },
    ];
    const plan = planSignerSync(
      request([
        serverSigner('s1', 'ada@example.com', field),
        serverSigner('s2', 'bob@example.com', null),
        serverSigner('s3', 'cy@example.com', null, 'Cyril'),
      ]),
      local,
    );
    expect(plan.remove).toEqual(['s2', 's3']);
    expect(plan.add.map((s) => s.email)).toEqual(['cy@example.com']);
  });

  it('adds a signer with the name only when given', () => {
    expect(addSignerBody({ email: 'ada@example.com', name: ' ' })).toEqual({
      signerIdentityData: { emailAddress: 'ada@example.com' },
      documentSignatures: [],
    });
  });
});

describe('fieldsBody', () => {
  const draftField = (over: Partial<FieldDraft>): FieldDraft => ({
    id: 'f1',
    documentId: 'doc1',
    signerEmail: 'ada@example.com',
    kind: 'text',
    required: true,
    label: ' Company ',
    ...field,
    ...over,
  });

  it('names each signer by the id the saved draft gave them, and leaves out fields of signers or documents it does not have', () => {
    const saved = request([serverSigner('s9', 'ada@example.com', null)]);
    const body = fieldsBody(saved, [
      draftField({}),
      draftField({ id: 'f2', signerEmail: 'gone@example.com' }),
      draftField({ id: 'f3', documentId: 'removed' }),
    ]);
    expect(body).toEqual([
      {
        id: 'f1',
        documentId: 'doc1',
        signerId: 's9',
        kind: 'text',
        required: true,
        label: 'Company',
        ...field,
      },
    ]);
    expect(isSameFieldList(body, body)).toBe(true);
    expect(isSameFieldList(body, [{ ...body[0]!, x: 1 }])).toBe(false);
  });
});

describe('deadlineBounds', () => {
  it('offers tomorrow up to a year less a day, in the local calendar', () => {
    expect(deadlineBounds(new Date(2026, 11, 31, 22, 30))).toEqual({ min: '2027-01-01', max: '2027-12-30' });
    expect(deadlineBounds(new Date(2028, 1, 28, 0, 5))).toEqual({ min: '2028-02-29', max: '2029-02-26' });
  });
});

describe('sendBlockerOf', () => {
  const signer: SignerDraft = { email: 'ada@example.com', name: '' };

  it('asks for a title first, then for a signer, and lets a complete draft go', () => {
    expect(sendBlockerOf({ title: ' ', signers: [] }, 1)).toBe('titleRequired');
    expect(sendBlockerOf({ title: 'Lease', signers: [] }, 1)).toBe('noSigners');
    expect(sendBlockerOf({ title: 'Lease', signers: [signer] }, 1)).toBeNull();
    // a draft whose only document was removed waits for another
    expect(sendBlockerOf({ title: 'Lease', signers: [signer] }, 0)).toBe('noDocuments');
  });
});
