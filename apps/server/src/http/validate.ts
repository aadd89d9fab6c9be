// The one way a request's parts are checked against the contract: wire keys become camelCase, the
// zod schema parses, and a failure is a 400 `request.validation_failed` listing every field by
// the path the caller wrote (snake_case). JSON routes, file routes and multipart fields share it.
import type { z } from 'zod';
import { camelKeys, fieldErrorsOf } from '@countersign/contract';
import { AppError } from '../lib/app-error.js';

export type RequestPart = 'params' | 'query' | 'body';

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: RequestPart): z.infer<S> {
  const result = schema.safeParse(camelKeys(value ?? {}));
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error, where);
  throw new AppError(
    'request.validation_failed',
    `Invalid ${where}: ${errors.map((e) => e.path).join(', ')}`,
    {
      errors,
    },
  );
}
