// The one error type of the server's use cases. `code` is stable (clients map it to messages);
// the HTTP status is decided from the code in one place, the error hook (http/errors.ts).
export class AppError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

/**
 * Whether `code` has the shape of our stable codes (`area.reason`, lower case), as AppError and
 * the engines' errors (PdfError, PadesError, TrustError) carry; Node's and Fastify's codes do not.
 */
export function isStableCode(code: unknown): code is string {
  return typeof code === 'string' && /^[a-z_]+\.[a-z_.]+$/.test(code);
}
