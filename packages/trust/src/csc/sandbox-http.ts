// The HTTP edge of the CSC sandbox: request and response shapes independent of any server
// framework, body parsing (JSON, or form encoding for OAuth2) and CSC-style error answers.

export interface CscSandboxRequest {
  method: string;
  /** relative to where the handler is mounted, with the query string if any */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body?: Uint8Array | string;
}

export interface CscSandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class CscHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export function parseBody(request: CscSandboxRequest): Record<string, unknown> {
  const raw =
    typeof request.body === 'string'
      ? request.body
      : new TextDecoder().decode(request.body ?? new Uint8Array());
  if (!raw.trim()) return {};
  const type = String(request.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new CscHttpError(400, 'invalid_request', 'the body must be a JSON object');
}

export function json(status: number, body: unknown): CscSandboxResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
