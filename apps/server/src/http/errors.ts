// Turns every failure into an RFC 9457 problem response. The status comes from the error's code
// through the error catalogue (`@countersign/contract`); the engines' errors (PdfError, TrustError,
// PadesError) answer with their own code when the catalogue lists it. Anything else is logged
// with its stack and answered as a plain 500 `internal` problem that reveals nothing.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalogue, isErrorCode, snakeKeys } from '@countersign/contract';
import type { ErrorCode, FieldError, Problem } from '@countersign/contract';
import { AppError } from '../lib/app-error.js';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ProblemExtras {
  errors?: FieldError[];
  retryAfterSeconds?: number;
  instance?: string;
}

/** Headers a handler may have set for the answer it meant to give; a problem replaces them. */
const successHeaders = ['content-disposition', 'etag', 'cache-control', 'content-length', 'last-modified'];

/** The problem code each reply was answered with, for the metrics (ADR 081). */
const answeredProblems = new WeakMap<FastifyReply, ErrorCode>();

/** The problem code `reply` was answered with, if it was a problem. */
export function problemCodeOf(reply: FastifyReply): ErrorCode | undefined {
  return answeredProblems.get(reply);
}

export function sendProblem(
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extra: ProblemExtras = {},
): FastifyReply {
  const { status } = errorCatalogue[code];
  const problem: Problem = {
    type: `https://countersign.dev/problems/${code.replace(/\./g, '/')}`,
    title: titles[status] ?? 'Error',
    status,
    code,
    detail,
    ...extra,
  };
  answeredProblems.set(reply, code);
  for (const header of successHeaders) reply.removeHeader(header);
  if (extra.retryAfterSeconds !== undefined) reply.header('retry-after', String(extra.retryAfterSeconds));
  return reply.code(status).type('application/problem+json').send(snakeKeys(problem));
}

/** Fastify's own errors (body parsing, limits) mapped to our codes. */
function codeForFastifyError(error: FastifyError): ErrorCode | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'request.malformed_body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request.body_too_large';
    // @fastify/multipart limits (file size, number of files, parts, fields)
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'upload.too_large';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return 'request.unsupported_media_type';
    default:
      if (error.statusCode === 400 && error.message.includes('JSON')) return 'request.malformed_body';
      if (error.statusCode === 429) return 'rate_limit.exceeded';
      return undefined;
  }
}

/** The catalogue code of a failure that is not an AppError, if it has one. */
function codeOfError(error: Error): ErrorCode | undefined {
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && code.startsWith('FST_')) return codeForFastifyError(error as FastifyError);
  // Engine errors (PdfError, TrustError) carry a stable code of their own; only the catalogue's
  // client errors are answered as such, the engines' internal failures stay `internal`.
  if (isErrorCode(code) && errorCatalogue[code].status < 500) return code;
  if ('statusCode' in error && error.statusCode === 429) return 'rate_limit.exceeded';
  return undefined;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        const extra: ProblemExtras = {};
        if (Array.isArray(error.details?.['errors'])) extra.errors = error.details['errors'] as FieldError[];
        if (typeof error.details?.['retryAfterSeconds'] === 'number') {
          extra.retryAfterSeconds = error.details['retryAfterSeconds'];
        }
        if (errorCatalogue[error.code].status >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, error.code, error.message, extra);
      }
      const code = codeOfError(error);
      if (code) return sendProblem(reply, code, error.message);
      request.log.error({ err: error }, 'unexpected failure');
      return sendProblem(reply, 'internal', 'Something went wrong on our side. It has been logged.');
    },
  );
}
