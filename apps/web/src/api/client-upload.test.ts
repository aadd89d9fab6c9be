// The client's two non-JSON paths used by the upload screen: multipart bodies and authorised
// binary downloads (page images).
import { documentEndpoints } from '@countersign/contract';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures.js';
import { ApiError } from './api-error.js';
import { createApiClient } from './client.js';
import { createSessionStore } from './session-store.js';

function setUp(response: Response) {
  const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(response);
  const session = createSessionStore(localStorage);
  session.saveToken('tok', '2099-01-01T00:00:00.000Z');
  const navigate = vi.fn<(path: string) => void>();
  const client = createApiClient({
    session,
    fetch,
    currentPath: () => '/upload',
    navigate,
    saveRedirectTarget: () => {},
  });
  return { client, fetch, session, navigate };
}

describe('api client uploads and binaries', () => {
  it('sends FormData as is, with the session and without a JSON content type', async () => {
    const { client, fetch } = setUp(jsonResponse(201, { document_ids: ['d1', 'd2'] }));
    const form = new FormData();
    form.append('documents', new File(['%PDF'], 'a.pdf'));
    const answer = await client.call(documentEndpoints.addDocuments, { params: { id: 'sr1' }, form });
    expect(answer).toEqual({ documentIds: ['d1', 'd2'] });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/v3/signature-requests/sr1/documents');
    expect(init?.body).toBe(form);
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.has('content-type')).toBe(false);
  });

  it('fetches a binary with the session, and turns a refusal into an ApiError', async () => {
    const ok = setUp(new Response('img', { headers: { 'content-type': 'image/webp' } }));
    const blob = await ok.client.fetchBlob('/v3/documents/d1/pages/1?scale=100');
    expect(await blob.text()).toBe('img');
    expect(new Headers(ok.fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer tok');

    const gone = setUp(
      jsonResponse(401, { type: 'about:blank', title: 'No', status: 401, code: 'auth.invalid_token' }),
    );
    const error = await gone.client.fetchBlob('/v3/documents/d1/pages/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('auth.invalid_token');
    expect(gone.session.readToken()).toBeNull();
    expect(gone.navigate).toHaveBeenCalledWith('/login');
  });
});
