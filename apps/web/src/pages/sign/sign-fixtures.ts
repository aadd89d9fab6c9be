// Contract-shaped test data for the sign screens, and the API a signer's /view page talks to.
import { snakeKeys } from '@countersign/contract';
import type { DirectUser, LinkStatus, SignatureRequest, VisualSignature } from '@countersign/contract';
import { SIGNING_CONSENT_VERSION } from '@countersign/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import type { ApiHandler } from '../../test/render-app.js';

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
    tanRequired: false,
    owner: { id: 'usr_owner', email: 'owner@example.com', firstName: 'Olga', lastName: 'Owner' },
    redirectOrigins: [],
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
    fields: [],
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

/** What the link of sig1 in sr1 leads to: by default the open request. */
export function makeLinkStatus(overrides: Partial<LinkStatus> = {}): LinkStatus {
  return {
    state: 'active',
    signatureRequestId: 'sr1',
    signatureId: 'sig1',
    title: 'Lease agreement',
    requestStatus: 'open',
    endedAt: null,
    availableUntil: null,
    sender: { name: 'Olga Owner', email: 'owner@example.com' },
    ...overrides,
  };
}

/** A problem document with the given status and code, as the server's error hook sends it. */
export const problem = (status: number, code: string) =>
  jsonResponse(status, { type: 'about:blank', title: 'x', status, code });

/** The calls of /view/sr1 for the signer of sig1 (an account holder); `overrides` replace any. */
export function viewApi(overrides: Record<string, ApiHandler> = {}): Record<string, ApiHandler> {
  return {
    'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
    'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeRequest())),
    'GET /v3/signature-requests/sr1/events': () => jsonResponse(200, { events: [], chain_valid: true }),
    'GET /v3/signature-requests/sr1/lock-status': () =>
      jsonResponse(200, { locked: false, locked_until: null }),
    'GET /v1/user/visual-signatures': () =>
      jsonResponse(
        200,
        snakeKeys({
          items: [
            makeVisualSignature(),
            makeVisualSignature({ id: 'vs2', alias: 'Private', isDefault: false }),
          ],
        }),
      ),
    'POST /v3/sign': () =>
      jsonResponse(200, {
        results: [{ signature_request_id: 'sr1', ok: true, code: null, request_status: 'open' }],
      }),
    ...overrides,
  };
}

/** The consent as the review sends it in English (snake_case, as on the wire). */
export const CONSENT_EN = { accepted: true, version: SIGNING_CONSENT_VERSION, language: 'en' };

/** Presses Sign in the sign bar, then agrees in the review and signs. */
export async function reviewAndSign(): Promise<void> {
  const bar = await screen.findByRole('region', { name: 'Sign or decline' });
  fireEvent.click(within(bar).getByRole('button', { name: 'Sign' }));
  const review = await screen.findByRole('dialog', { name: 'Review and sign' });
  fireEvent.click(within(review).getByRole('checkbox'));
  fireEvent.click(within(review).getByRole('button', { name: 'Sign now' }));
}

/** A link holder's token, as in the link's address. */
export const linkToken = 'tok_abcdefghijklmnopqrstuvwxyz012345';
export const directRequest = makeRequest({
  you: {
    roles: ['direct_signer'],
    signatureId: 'sig1',
    allowedActions: ['view', 'download', 'sign', 'decline'],
  },
});

/** The direct-sign calls of a link holder to sign `directRequest`, in `lang`. */
export function directApi(
  lang = 'en',
  overrides: Record<string, ApiHandler> = {},
): Record<string, ApiHandler> {
  const user = makeDirectUser({ lang: lang as DirectUser['lang'] });
  return {
    'GET /v3/direct/signature-requests/sr1': ({ headers }) =>
      headers.get('x-link-token') === linkToken
        ? jsonResponse(200, snakeKeys(directRequest))
        : jsonResponse(404, {
            type: 'about:blank',
            title: 'x',
            status: 404,
            code: 'signature_request.not_found',
          }),
    'GET /v3/direct/signature-requests/sr1/lock-status': () =>
      jsonResponse(200, { locked: false, locked_until: null }),
    'GET /v1/direct/user': () => jsonResponse(200, snakeKeys(user)),
    'GET /v3/direct/link': () => jsonResponse(200, snakeKeys(makeLinkStatus())),
    'PUT /v1/direct/user': ({ body }) => jsonResponse(200, snakeKeys({ ...user, ...(body as object) })),
    'GET /v1/direct/visual-signature': () =>
      jsonResponse(200, snakeKeys(makeVisualSignature({ name: 'ada@example.com' }))),
    'POST /v3/direct/sign': () =>
      jsonResponse(200, {
        results: [{ signature_request_id: 'sr1', ok: true, code: null, request_status: 'completed' }],
      }),
    ...overrides,
  };
}
