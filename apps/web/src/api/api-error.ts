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

  constructor(
    status: number,
    code: string,
    message: string,
    options: { detail?: string; errors?: FieldError[] } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.detail = options.detail;
    this.fieldErrors = options.errors ?? [];
  }

  static fromProblem(problem: Problem): ApiError {
    const options: { detail?: string; errors?: FieldError[] } = {};
    if (problem.detail !== undefined) options.detail = problem.detail;
    if (problem.errors !== undefined) options.errors = problem.errors;
    return new ApiError(problem.status, problem.code, problem.title, options);
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
