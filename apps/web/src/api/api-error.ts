// The one error type of the web client: every failed call becomes an ApiError carrying the
// problem-details `code` of the API (ARCHITECTURE.md, wire conventions), which the pages map to
// translated messages. Failures that never reached the API get client-side codes.
import type { FieldError, Problem } from '@countersign/contract';

/** Codes the client itself assigns when there is no problem document to read. */
export const clientErrorCodes = {
  network: 'client.network_unreachable',
  invalidResponse: 'client.invalid_response',
  unavailable: 'client.service_unavailable',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly detail: string | undefined;
  readonly fieldErrors: FieldError[];
  /** When the server says a retry may succeed: after this many seconds (Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { detail?: string; errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.detail = options.detail;
    this.fieldErrors = options.errors ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** `retryAfterSeconds`: the Retry-After header's, which wins over the problem's own. */
  static fromProblem(problem: Problem, retryAfterSeconds?: number): ApiError {
    const options: { detail?: string; errors?: FieldError[]; retryAfterSeconds?: number } = {};
    if (problem.detail !== undefined) options.detail = problem.detail;
    if (problem.errors !== undefined) options.errors = problem.errors;
    const retryAfter = retryAfterSeconds ?? problem.retryAfterSeconds;
    if (retryAfter !== undefined) options.retryAfterSeconds = retryAfter;
    return new ApiError(problem.status, problem.code, problem.title, options);
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
