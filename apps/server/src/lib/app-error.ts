// The one error type of the server's use cases. `code` is a code of the error catalogue
// (`@countersign/contract`, errors.ts), so the type checker refuses a code no client knows; the
// HTTP status is decided from the code in one place, the error hook (http/errors.ts).
import type { ErrorCode } from '@countersign/contract';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}
