// Turns every failure into an RFC 9457 problem response. The status comes from the error's stable
// code through one table; unknown failures are logged with their stack and answered as a plain
// 500 problem that reveals nothing.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError, Problem } from '@countersign/contract';
import { AppError, isStableCode } from '../lib/app-error.js';

const exactStatus: Record<string, number> = {
  'request.validation_failed': 400,
  'request.malformed_body': 400,
  'request.malformed_multipart': 400,
  'request.body_too_large': 413,
  'request.unsupported_media_type': 415,
  'route.not_found': 404,
  'auth.required': 401,
  'auth.invalid_token': 401,
  'auth.invalid_credentials': 401,
  'auth.wrong_password': 403,
  'auth.email_not_confirmed': 403,
  'auth.forbidden': 403,
  'auth.token_invalid': 400,
  'auth.token_expired': 410,
  'auth.token_used': 410,
  'user.email_taken': 409,
  rate_limited: 429,
  'service.unavailable': 503,
  'trust.bad_request': 400,
  'signing.quality_not_available': 403,
  // 422, not 403: the call names a seal account that cannot exist here (no business accounts
  // yet), so no caller could use it; it is not a matter of this caller's permissions.
  'signing.seal_not_available': 422,
  // A qualified signature waits for the TAN just sent by SMS: repeat the call with `tan`.
  'signing.tan_required': 409,
  'signing.tan_invalid': 403,
  'signing.tan_expired': 410,
  'signing.tan_locked': 423,
  // no signature without the signer's consent to sign electronically, in words we know
  'signing.consent_required': 422,
  'signing.consent_unknown': 422,
  // the values a signer fills in (ADR 039)
  'signing.fields_incomplete': 422,
  'signing.field_unknown': 422,
  'signing.provider_unavailable': 503,
  'identification.method_not_found': 404,
  'identification.provider_unavailable': 503,
  'identification.callback_invalid': 401,
  'visual_signature.alias_taken': 409,
  'visual_signature.image_invalid': 422,
  'signature_request.locked': 409,
  'signature_request.duplicate_signer': 409,
  'signature_request.no_documents': 409,
  'signature_request.no_signers': 409,
  'signature_request.invalid_placement': 422,
  'signature_request.invalid_expiry': 422,
  'signer.identity_conflict': 422,
  'attachment.too_many': 409,
  'sendto.invalid_recipient': 422,
  'attachment.type_not_allowed': 422,
  'trust.unknown_issuer': 404,
  'trust.authority_not_found': 404,
  'trust.unknown_serial': 404,
  'business.member_not_found': 404,
  'business.invitation_not_found': 404,
  'business.domain_not_found': 404,
  'business.logo_not_found': 404,
  'business.member_of_another': 409,
  'business.invitation_duplicate': 409,
  'business.last_admin': 409,
  'business.deletion_not_scheduled': 409,
  'business.domain_taken': 409,
  'business.setting_not_supported': 422,
  'business.domain_invalid': 422,
  'business.logo_invalid': 422,
  'business.domain_check_unavailable': 503,
  internal: 500,
};

const suffixStatus: [RegExp, number][] = [
  [/\.not_found$/, 404],
  [/\.invalid_transition$|\.conflict$|\.already_/, 409],
  [/^password\./, 422],
  [/^pdf\.page_out_of_range$/, 404],
  [/^pdf\./, 422],
  [/^upload\.too_large$/, 413],
  [/\.forbidden$/, 403],
];

export function statusForCode(code: string): number {
  const exact = exactStatus[code];
  if (exact !== undefined) return exact;
  for (const [pattern, status] of suffixStatus) if (pattern.test(code)) return status;
  return 500;
}

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

export function sendProblem(
  reply: FastifyReply,
  code: string,
  detail: string,
  extra: { errors?: FieldError[]; retryAfterSeconds?: number; instance?: string } = {},
): FastifyReply {
  const status = statusForCode(code);
  const problem: Problem = {
    type: `https://countersign.dev/problems/${code.replace(/\./g, '/')}`,
    title: titles[status] ?? 'Error',
    status,
    code,
    detail,
    ...extra,
  };
  if (extra.retryAfterSeconds !== undefined) reply.header('retry-after', String(extra.retryAfterSeconds));
  return reply.code(status).type('application/problem+json').send(problem);
}

/** Fastify's own errors (body parsing, limits) mapped to our codes. */
function codeForFastifyError(error: FastifyError): string | undefined {
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
      return 'request.unsupported_media_type';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return 'request.unsupported_media_type';
    default:
      if (error.statusCode === 400 && error.message.includes('JSON')) return 'request.malformed_body';
      return undefined;
  }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        const extra: { errors?: FieldError[]; retryAfterSeconds?: number } = {};
        if (Array.isArray(error.details?.['errors'])) extra.errors = error.details['errors'] as FieldError[];
        if (typeof error.details?.['retryAfterSeconds'] === 'number') {
          extra.retryAfterSeconds = error.details['retryAfterSeconds'];
        }
        if (statusForCode(error.code) >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, error.code, error.message, extra);
      }
      const fastifyCode = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
      const mapped = fastifyCode?.startsWith('FST_') ? codeForFastifyError(error as FastifyError) : undefined;
      if (mapped) return sendProblem(reply, mapped, error.message);
      // Engine errors (PdfError, trust errors) carry a stable code of their own.
      if (isStableCode(fastifyCode) && statusForCode(fastifyCode) < 500) {
        return sendProblem(reply, fastifyCode, error.message);
      }
      if ('statusCode' in error && error.statusCode === 429) {
        return sendProblem(reply, 'rate_limited', 'Too many requests; try again later');
      }
      request.log.error({ err: error }, 'unexpected failure');
      return sendProblem(reply, 'internal', 'Something went wrong on our side. It has been logged.');
    },
  );
}
