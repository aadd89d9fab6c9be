import { accountEndpoints, directEndpoints, snakeKeys } from '@countersign/contract';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../test/fixtures.js';
import { ApiError } from './api-error.js';
import { createApiClient } from './client.js';
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
