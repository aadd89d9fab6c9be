import type { SignatureRequest } from '@countersign/contract';
import { describe, expect, it } from 'vitest';
import { addSignerBody, draftModelOf, fieldsBody, groupKey, planSignerSync } from './draft-model.js';
import type { SignerDraft } from './draft-model.js';
import { makeDraft, makeSigner } from './test-request.js';

const finance = { id: 'grp_Fin', name: 'Finance', members: ['ann@acme.example', 'bob@acme.example'] };
const groupSigner = makeSigner({ id: 's2', email: '', name: null, group: finance });
const person = makeSigner({ id: 's1', email: 'ada@example.com', name: null });

describe('a signer group in the draft', () => {
  it('reads as one signer keyed by the group, named after it', () => {
    const model = draftModelOf(makeDraft({ signatures: [person, groupSigner] }));
    expect(model.signers).toEqual([
      { email: 'ada@example.com', name: '' },
      { email: 'group:grp_Fin', name: 'Finance', groupId: 'grp_Fin' },
    ]);
  });

  it('is added by its id, kept while on the draft, and removed when taken off', () => {
    const local: SignerDraft[] = [
      { email: 'ada@example.com', name: '' },
      { email: groupKey('grp_Fin'), name: 'Finance', groupId: 'grp_Fin' },
    ];
    expect(addSignerBody(local[1]!)).toEqual({ signerGroupId: 'grp_Fin', documentSignatures: [] });
    expect(planSignerSync({ signatures: [person] }, local)).toEqual({ remove: [], add: [local[1]] });
    expect(planSignerSync({ signatures: [person, groupSigner] }, local)).toEqual({ remove: [], add: [] });
    expect(planSignerSync({ signatures: [person, groupSigner] }, [local[0]!])).toEqual({
      remove: ['s2'],
      add: [],
    });
  });

  it('has its fields saved under the id the server gave the group', () => {
    const saved = {
      signatures: [person, groupSigner],
      documents: [{ id: 'doc1' }] as SignatureRequest['documents'],
    };
    const box = {
      documentId: 'doc1',
      kind: 'signature' as const,
      required: true,
      label: '',
      page: 1,
      x: 1,
      y: 2,
      width: 150,
      height: 70,
    };
    const body = fieldsBody(saved, [{ id: 'f1', signerEmail: 'group:grp_Fin', ...box }]);
    expect(body.map((f) => f.signerId)).toEqual(['s2']);
  });
});
