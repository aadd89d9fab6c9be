// The typed API client. Every call is described by a contract endpoint, so
// `call(endpoints.login, { body })` is checked against the endpoint's body schema and resolves to
// its response type. Keys are converted at this edge (camelCase here, snake_case on the wire),
// problem details become ApiError, and the session rules of spec section 8 live here: 401 ends
// the session, 5xx (except 503) leads to the sorry page, 503 with Retry-After waits and retries.
import { LINK_TOKEN_HEADER, camelKeys, snakeKeys, ZProblem } from '@countersign/contract';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@countersign/contract';
import { ApiError, clientErrorCodes } from './api-error.js';
import type { SessionStore } from './session-store.js';

export interface CallInput<E> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** Multipart form data (file uploads) instead of a JSON body. */
  form?: FormData;
  signal?: AbortSignal;
}

export type Call = <E extends Endpoint>(endpoint: E, input?: CallInput<E>) => Promise<EndpointResponse<E>>;

/** What the client needs from the app around it; injected so tests can drive it. */
export interface ApiClientOptions {
  session: SessionStore;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Path (with query) the user is on, stored as the redirect target when the session ends. */
  currentPath: () => string;
  navigate: (path: string) => void;
  saveRedirectTarget: (path: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** How often a 503 with Retry-After is retried before giving up. */
  maxUnavailableRetries?: number;
}

/** Bytes received so far, and the whole size when the server announced it (a stream does not). */
export type DownloadProgress = (received: number, total: number | null) => void;

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

export interface ApiClient {
  call: Call;
  /** An authorised binary resource (page images): its bytes, or an ApiError. */
  fetchBlob(path: string, signal?: AbortSignal): Promise<Blob>;
  /**
   * A call whose answer is a file (an export), read as it streams in so the caller can show the
   * bytes received; failures are ApiErrors as with `call`.
   */
  download<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    onProgress?: DownloadProgress,
  ): Promise<DownloadedFile>;
}

const noRedirectTargetPaths = ['/login', '/logout'];
const maxRetryAfterSeconds = 120;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxUnavailableRetries ?? 3;

  /**
   * Ends the session a call was refused for. A refusal that arrives after that session already
   * ended (an answer to a call sent before the sign-out, say right after deleting the account)
   * changes nothing: whoever ended it chose where the person goes.
   */
  function endSession(refusedToken: string): void {
    if (options.session.readToken() !== refusedToken) return;
    const current = options.currentPath();
    const pathname = current.split('?')[0] ?? current;
    if (!noRedirectTargetPaths.includes(pathname)) options.saveRedirectTarget(current);
    options.session.clearToken();
    if (pathname !== '/login') options.navigate('/login');
  }

  const call: Call = async (endpoint, input = {}) => {
    // A link holder's token travels in its header, not in the address (addresses end up in logs),
    // and no session token goes with it: the link alone says who calls.
    const { token: queryToken, ...query } = (input.query ?? {}) as { token?: unknown };
    const linkToken =
      (endpoint.auth === 'direct' || endpoint.auth === 'optional') && typeof queryToken === 'string'
        ? queryToken
        : undefined;
    const byLink = linkToken !== undefined;
    const url = buildUrl(options.baseUrl ?? '', endpoint, byLink ? { ...input, query } : input);
    const token = endpoint.auth === 'none' || byLink ? null : options.session.readToken();
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (linkToken !== undefined) headers[LINK_TOKEN_HEADER] = linkToken;
    let body: string | FormData | undefined;
    if (input.form !== undefined) {
      // the browser writes the multipart boundary into the content type itself
      body = input.form;
    } else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(snakeKeys(input.body));
    }

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        const init: RequestInit = { method: endpoint.method, headers };
        if (body !== undefined) init.body = body;
        if (input.signal) init.signal = input.signal;
        response = await doFetch(url, init);
      } catch (cause) {
        if (input.signal?.aborted) throw cause;
        throw new ApiError(0, clientErrorCodes.network, 'The server could not be reached');
      }

      if (response.ok) return readSuccess(endpoint, response);

      const error = await readProblem(response);
      if (response.status === 503) {
        const waitSeconds = error.apiError.retryAfterSeconds;
        if (waitSeconds !== undefined && attempt < maxRetries) {
          await sleep(Math.min(waitSeconds, maxRetryAfterSeconds) * 1000);
          continue;
        }
        throw error.apiError;
      }
      // A 401 on a call that carried a session means the session is gone (spec section 8). A 401
      // on a call without one (a wrong password at login) is an ordinary answer for the form.
      if (response.status === 401 && token) endSession(token);
      else if (response.status >= 500) options.navigate('/sorry');
      throw error.apiError;
    }
  };

  const fetchBlob = async (path: string, signal?: AbortSignal): Promise<Blob> => {
    const token = options.session.readToken();
    const init: RequestInit = { headers: token ? { authorization: `Bearer ${token}` } : {} };
    if (signal) init.signal = signal;
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl ?? ''}${path}`, init);
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(0, clientErrorCodes.network, 'The server could not be reached');
    }
    if (response.ok) return response.blob();
    const { apiError } = await readProblem(response);
    if (response.status === 401 && token) endSession(token);
    throw apiError;
  };

  const download: ApiClient['download'] = async (endpoint, input, onProgress) => {
    const url = buildUrl(options.baseUrl ?? '', endpoint, input);
    const token = endpoint.auth === 'none' ? null : options.session.readToken();
    const init: RequestInit = { headers: token ? { authorization: `Bearer ${token}` } : {} };
    if (input.signal) init.signal = input.signal;
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (cause) {
      if (input.signal?.aborted) throw cause;
      throw new ApiError(0, clientErrorCodes.network, 'The server could not be reached');
    }
    if (!response.ok) {
      const { apiError } = await readProblem(response);
      if (response.status === 401 && token) endSession(token);
      else if (response.status >= 500 && response.status !== 503) options.navigate('/sorry');
      throw apiError;
    }
    const blob = await readWithProgress(response, onProgress);
    return { blob, fileName: fileNameOf(response) };
  };

  return { call, fetchBlob, download };
}

/** The body, chunk by chunk, telling the bytes received after each (the total when announced). */
async function readWithProgress(response: Response, onProgress: DownloadProgress | undefined): Promise<Blob> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) {
    const blob = await response.blob();
    onProgress?.(blob.size, total);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  return new Blob(chunks, { type });
}

/** The file name of an attachment (RFC 6266): the UTF-8 `filename*` first, else `filename`. */
export function fileNameOf(response: Response): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename="([^"]*)"|filename=([^;\s]+)/i.exec(disposition);
  return plain?.[1] ?? plain?.[2] ?? null;
}

function buildUrl(baseUrl: string, endpoint: Endpoint, input: CallInput<Endpoint>): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/\{(\w+)\}|:(\w+)/g, (_match, braced?: string, colon?: string) => {
    const name = braced ?? colon ?? '';
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  const query = snakeKeys<Record<string, unknown>>(input.query ?? {});
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const queryString = search.toString();
  return `${baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
}

async function readSuccess<E extends Endpoint>(
  endpoint: E,
  response: Response,
): Promise<EndpointResponse<E>> {
  const text = await response.text();
  const raw: unknown = text === '' ? undefined : JSON.parse(text);
  // Validating the answer against the contract catches a drifting server at the edge instead of
  // as an undefined deep inside a component.
  const parsed = endpoint.response.safeParse(camelKeys(raw));
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      clientErrorCodes.invalidResponse,
      `Unexpected answer from ${endpoint.path}`,
      {
        detail: parsed.error.message,
      },
    );
  }
  return parsed.data as EndpointResponse<E>;
}

/** The ApiError of a failed answer, with its retry hint; binary calls use it too. */
export async function readProblem(response: Response): Promise<{ apiError: ApiError }> {
  const text = await response.text().catch(() => '');
  let raw: unknown;
  try {
    raw = text ? camelKeys(JSON.parse(text)) : undefined;
  } catch {
    raw = undefined;
  }
  const problem = ZProblem.safeParse(raw);
  const retryAfterSeconds = readRetryAfter(response);
  if (problem.success) return { apiError: ApiError.fromProblem(problem.data, retryAfterSeconds) };
  const code = response.status === 503 ? clientErrorCodes.unavailable : `http.${response.status}`;
  return {
    apiError: new ApiError(response.status, code, response.statusText || `HTTP ${response.status}`, {
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
    }),
  };
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 section 10.2.3). */
function readRetryAfter(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
