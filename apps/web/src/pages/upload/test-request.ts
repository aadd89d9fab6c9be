// A draft shaped by the contract for the upload screen's tests.
import type { SignatureRequest } from '@countersign/contract';

export function makeDraft(overrides: Partial<SignatureRequest> = {}): SignatureRequest {
  return {
    id: 'sr1',
    title: 'Lease',
    message: '',
    status: 'draft',
    quality: 'ses',
    legislation: 'eidas',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    initiatedAt: null,
    completedAt: null,
    endedAt: null,
    endMessage: null,
    expiresAt: null,
    tanRequired: false,
    owner: { id: 'usr_1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    redirectOrigins: [],
    documents: [
      {
        id: 'doc1',
        title: 'Lease',
        fileName: 'Lease.pdf',
        pageCount: 2,
        pages: [
          { width: 595, height: 842 },
          { width: 595, height: 842 },
        ],
        sha256: 'a'.repeat(64),
        size: 1000,
        revision: 0,
        signedSha256: null,
      },
    ],
    signatures: [],
    observers: [],
    attachments: [],
    fields: [],
    you: { roles: ['owner'], signatureId: null, allowedActions: ['edit', 'initiate'] },
    ...overrides,
  };
}

type Signer = SignatureRequest['signatures'][number];

export function makeSigner(overrides: Partial<Signer> & Pick<Signer, 'id' | 'email'>): Signer {
  return {
    name: null,
    hasAccount: false,
    status: 'pending',
    signedAt: null,
    declinedAt: null,
    declineMessage: null,
    delegatedFrom: null,
    documentSignatures: [],
    ...overrides,
  };
}
