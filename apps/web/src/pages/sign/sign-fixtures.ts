// Contract-shaped test data for the sign screens.
import type { DirectUser, SignatureRequest, VisualSignature } from '@countersign/contract';

export function makeRequest(overrides: Partial<SignatureRequest> = {}): SignatureRequest {
  return {
    id: 'sr1',
    title: 'Lease agreement',
    message: 'Please sign by Friday.',
    status: 'open',
    quality: 'ses',
    legislation: 'eidas',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    initiatedAt: '2026-01-01T10:00:00.000Z',
    completedAt: null,
    endedAt: null,
    endMessage: null,
    expiresAt: null,
    owner: { id: 'usr_owner', email: 'owner@example.com', firstName: 'Olga', lastName: 'Owner' },
    documents: [
      {
        id: 'doc1',
        title: 'Lease',
        fileName: 'lease.pdf',
        pageCount: 2,
        pages: [
          { width: 595, height: 842 },
          { width: 595, height: 842 },
        ],
        sha256: 'a'.repeat(64),
        size: 1000,
        revision: 1,
        signedSha256: null,
      },
    ],
    signatures: [
      {
        id: 'sig1',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        hasAccount: true,
        status: 'pending',
        signedAt: null,
        declinedAt: null,
        declineMessage: null,
        delegatedFrom: null,
        documentSignatures: [],
      },
      {
        id: 'sig2',
        email: 'bob@example.com',
        name: null,
        hasAccount: false,
        status: 'signed',
        signedAt: '2026-01-02T10:00:00.000Z',
        declinedAt: null,
        declineMessage: null,
        delegatedFrom: null,
        documentSignatures: [],
      },
    ],
    observers: [],
    attachments: [],
    you: {
      roles: ['signer'],
      signatureId: 'sig1',
      allowedActions: ['view', 'download', 'sign', 'decline', 'delegate', 'view_events', 'download_report'],
    },
    ...overrides,
  };
}

export function makeVisualSignature(overrides: Partial<VisualSignature> = {}): VisualSignature {
  return {
    id: 'vs1',
    alias: 'Work',
    name: 'Ada Lovelace',
    optionalLine: 'Analytical Engines Ltd',
    location: 'London',
    hasCustomImage: false,
    displayDate: true,
    displayClaim: true,
    displayStandards: true,
    displayQr: false,
    isDefault: true,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  };
}

/** The link holder of signature sig1 in request sr1, before they gave their name. */
export function makeDirectUser(overrides: Partial<DirectUser> = {}): DirectUser {
  return {
    signatureId: 'sig1',
    signatureRequestId: 'sr1',
    email: 'ada@example.com',
    firstName: null,
    lastName: null,
    lang: 'en',
    ...overrides,
  };
}
