import { accountEndpoints, directEndpoints, fileEndpoints, snakeKeys } from '@countersign/contract';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../test/fixtures.js';
import { ApiError } from './api-error.js';
import { createApiClient, fileNameOf } from './client.js';
import type { ApiClientOptions } from './client.js';
import { createSessionStore } from './session-store.js';

function setUp(responses: Response[], overrides: Partial<ApiClientOptions> = {}) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const response of responses) fetch.mockResolvedValueOnce(response);
  const session = createSessionStore(localStorage);
  const navigate = vi.fn<(path: string) => void>();
  const saveRedirectTarget = vi.fn<(path: string) => void>();
  const sleep = vi.fn<(ms: number) => Promise<void>>().mockResolvedValue(undefined);
  const client = createApiClient({
    session,
    fetch,
    currentPath: () => '/profile/settings?tab=x',
    navigate,
    saveRedirectTarget,
    sleep,
    ...overrides,
  });
  return { client, fetch, session, navigate, saveRedirectTarget, sleep };
}

const problem = (status: number, code: string) => ({ type: 'about:blank', title: 'Failed', status, code });

describe('api client', () => {
  it('sends snake_case bodies and returns camelCase responses typed by the endpoint', async () => {
    const user = makeUser();
    const { client, fetch } = setUp([
      jsonResponse(200, snakeKeys({ token: 't0k', expiresAt: '2099-01-01T00:00:00Z', user })),
    ]);
    const answer = await client.call(accountEndpoints.login, {
      body: { email: 'ada@example.com', password: 'secret', firstLogin: true },
    });
    expect(answer.user.attributes.acceptedGtc).toBe(true);
    expect(answer.token).toBe('t0k');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v1/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret',
      first_login: true,
    });
  });

  it('sends the stored session as a Bearer token, and none to endpoints that take no auth', async () => {
    const { client, fetch, session } = setUp([
      jsonResponse(200, snakeKeys(makeUser())),
      jsonResponse(202, { ok: true }),
    ]);
    session.saveToken('abc', '2099-01-01T00:00:00Z');
    await client.call(accountEndpoints.getUser, { query: { v2: 'true' } });
    await client.call(accountEndpoints.requestReset, { body: { email: 'a@b.ch' } });
    const firstHeaders = fetch.mock.calls[0]![1]?.headers as Record<string, string>;
    const secondHeaders = fetch.mock.calls[1]![1]?.headers as Record<string, string>;
    expect(fetch.mock.calls[0]![0]).toBe('/v1/user?v2=true');
    expect(firstHeaders.authorization).toBe('Bearer abc');
    expect(secondHeaders.authorization).toBeUndefined();
  });

  it("sends a link holder's token in X-Link-Token, out of the address, and no session with it", async () => {
    const link = 'l'.repeat(43);
    const { client, fetch, session } = setUp([jsonResponse(200, { ok: true })]);
    session.saveToken('abc', '2099-01-01T00:00:00Z');
    // only what is sent matters here, not the answer
    await client
      .call(directEndpoints.directGetEvents, { params: { id: 'sr1' }, query: { token: link } })
      .catch(() => undefined);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v3/direct/signature-requests/sr1/events');
    const headers = init?.headers as Record<string, string>;
    expect(headers['x-link-token']).toBe(link);
    expect(headers.authorization).toBeUndefined();
  });

  it('does not send an expired token', async () => {
    const { client, fetch, session } = setUp([jsonResponse(200, { valid_password: true, error_code: null })]);
    session.saveToken('old', '2000-01-01T00:00:00Z');
    await client.call(accountEndpoints.checkPassword, { body: { password: 'x' } });
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('turns problem details into an ApiError with the stable code and field errors', async () => {
    const { client, navigate } = setUp([
      jsonResponse(400, {
        ...problem(400, 'validation.failed'),
        errors: [{ path: 'email', message: 'bad' }],
      }),
    ]);
    const failure = client.call(accountEndpoints.register, {
      body: { email: 'x@y.ch', password: 'p', firstName: 'A', lastName: 'B' },
    });
    await expect(failure).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'validation.failed',
      fieldErrors: [{ path: 'email', message: 'bad' }],
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 401 with a session stores the current path, clears the token and goes to /login', async () => {
    const { client, session, navigate, saveRedirectTarget } = setUp([
      jsonResponse(401, problem(401, 'auth.session_expired')),
    ]);
    session.saveToken('abc', '2099-01-01T00:00:00Z');
    await expect(client.call(accountEndpoints.getUser, {})).rejects.toBeInstanceOf(ApiError);
    expect(saveRedirectTarget).toHaveBeenCalledWith('/profile/settings?tab=x');
    expect(session.readToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on 401 while on /logout does not store the logout page as the target', async () => {
    const { client, session, saveRedirectTarget, navigate } = setUp(
      [jsonResponse(401, problem(401, 'auth.session_expired'))],
      {
        currentPath: () => '/logout',
      },
    );
    session.saveToken('abc', '2099-01-01T00:00:00Z');
    await expect(client.call(accountEndpoints.logout, {})).rejects.toBeInstanceOf(ApiError);
    expect(saveRedirectTarget).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a 401 answering a call of a session that has ended since leaves the navigation alone', async () => {
    // the call leaves with the token; the session ends (the account deleted) before the answer
    let answer: (response: Response) => void = () => undefined;
    const { client, session, fetch, navigate, saveRedirectTarget } = setUp([]);
    fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    session.saveToken('abc', '2099-01-01T00:00:00Z');
    const pending = client.call(accountEndpoints.getUser, {});
    session.clearToken();
    answer(jsonResponse(401, problem(401, 'auth.session_expired')));
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(saveRedirectTarget).not.toHaveBeenCalled();
  });

  it('a 401 without a session (wrong password at login) is only an error for the form', async () => {
    const { client, navigate, saveRedirectTarget } = setUp([
      jsonResponse(401, problem(401, 'auth.invalid_credentials')),
    ]);
    await expect(
      client.call(accountEndpoints.login, { body: { email: 'a@b.ch', password: 'x' } }),
    ).rejects.toMatchObject({
      code: 'auth.invalid_credentials',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(saveRedirectTarget).not.toHaveBeenCalled();
  });

  it('sends other 5xx answers to the sorry page', async () => {
    const { client, navigate } = setUp([new Response('boom', { status: 500 })]);
    await expect(client.call(accountEndpoints.getDatetime, {})).rejects.toMatchObject({
      status: 500,
      code: 'http.500',
    });
    expect(navigate).toHaveBeenCalledWith('/sorry');
  });

  it('waits the Retry-After seconds of a 503 and retries, without the sorry page', async () => {
    const { client, fetch, navigate, sleep } = setUp([
      jsonResponse(503, problem(503, 'service.unavailable'), { 'retry-after': '2' }),
      jsonResponse(200, { datetime: '2025-01-01T00:00:00Z' }),
    ]);
    await expect(client.call(accountEndpoints.getDatetime, {})).resolves.toEqual({
      datetime: '2025-01-01T00:00:00Z',
    });
    expect(sleep).toHaveBeenCalledWith(2000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives up on a 503 without Retry-After or after the retries, still without the sorry page', async () => {
    const unavailable = () => jsonResponse(503, problem(503, 'service.unavailable'), { 'retry-after': '1' });
    const { client, fetch, navigate } = setUp([unavailable(), unavailable()], { maxUnavailableRetries: 1 });
    await expect(client.call(accountEndpoints.getDatetime, {})).rejects.toMatchObject({
      code: 'service.unavailable',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports an answer that breaks the contract instead of passing it on', async () => {
    const { client } = setUp([jsonResponse(200, { datetime: 42 })]);
    await expect(client.call(accountEndpoints.getDatetime, {})).rejects.toMatchObject({
      code: 'client.invalid_response',
    });
  });

  it('reports an unreachable server with a client code', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const { client } = setUp([], { fetch });
    await expect(client.call(accountEndpoints.getDatetime, {})).rejects.toMatchObject({
      code: 'client.network_unreachable',
      status: 0,
    });
  });
});

/** A body that arrives in the given chunks, as a streamed export does (no Content-Length). */
function streamed(chunks: string[], headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

/** jsdom's Blob has no text(): read it the way a page would. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

describe('api client downloads', () => {
  it('reads a streamed file chunk by chunk, telling the bytes received, with the session and its name', async () => {
    const { client, fetch, session } = setUp([
      streamed(['id,email\r\n', '1,ada@example.com\r\n', '2,bob@example.com\r\n'], {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="activity.csv"; filename*=UTF-8''Aktivit%C3%A4t.csv`,
      }),
    ]);
    session.saveToken('abc', '2099-01-01T00:00:00Z');
    const progress: [number, number | null][] = [];
    const file = await client.download(
      fileEndpoints.downloadDocument,
      { params: { id: 'doc 1' }, query: { signed: 'true' } },
      (received, total) => progress.push([received, total]),
    );
    expect(await textOf(file.blob)).toBe('id,email\r\n1,ada@example.com\r\n2,bob@example.com\r\n');
    expect(file.fileName).toBe('Aktivität.csv');
    expect(progress).toEqual([
      [0, null],
      [10, null],
      [29, null],
      [48, null],
    ]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v3/documents/doc%201/download?signed=true');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer abc');
  });

  it('reports the announced size, and a refused download as the ApiError of its problem', async () => {
    const { client } = setUp([
      new Response('%PDF-1.7', { status: 200, headers: { 'content-length': '8' } }),
      jsonResponse(404, problem(404, 'document.not_found')),
    ]);
    const totals: (number | null)[] = [];
    await client.download(fileEndpoints.downloadDocument, { params: { id: 'd1' } }, (_, total) =>
      totals.push(total),
    );
    expect(new Set(totals)).toEqual(new Set([8]));
    await expect(
      client.download(fileEndpoints.downloadDocument, { params: { id: 'd2' } }),
    ).rejects.toMatchObject({ status: 404, code: 'document.not_found' });
  });

  it('names files from Content-Disposition, plain or UTF-8, and null without one', () => {
    const named = (value?: string) =>
      fileNameOf(new Response('', value ? { headers: { 'content-disposition': value } } : {}));
    expect(named('attachment; filename="signatures.csv"')).toBe('signatures.csv');
    expect(named('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(named(`attachment; filename*=UTF-8''Z%C3%BCrich.csv`)).toBe('Zürich.csv');
    expect(named()).toBeNull();
  });
});
