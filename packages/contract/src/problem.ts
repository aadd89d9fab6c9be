// RFC 9457 problem details, the one error shape of the API. `code` is stable and is what clients
// map to messages (the catalogue in errors.ts); `detail` is for developers; `errors` lists field
// paths for validation failures. Keys travel in snake_case like every other body.
import { z } from 'zod';
import { snakeKey } from './case.js';

export const ZFieldError = z.object({
  path: z.string(),
  message: z.string(),
});

export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  // a string, not the catalogue's enum: a client must read codes a newer server adds
  code: z.string(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(ZFieldError).optional(),
  /** with 429 and 503: seconds until a retry may succeed (also sent as Retry-After) */
  retryAfterSeconds: z.number().int().optional(),
});
export type Problem = z.infer<typeof ZProblem>;
export type FieldError = z.infer<typeof ZFieldError>;

/**
 * The field errors of a failed parse, each path written as the caller wrote it: `where` (params,
 * query, body) then the snake_case keys and array indexes, `body.document_signatures.0.placement.x`.
 */
export function fieldErrorsOf(error: z.ZodError, where: string): FieldError[] {
  const wire = (segment: PropertyKey): string =>
    typeof segment === 'string' ? snakeKey(segment) : String(segment);
  return error.issues.flatMap((issue) => {
    const path = [where, ...issue.path.map(wire)];
    // an unknown key is reported at its own path, as the caller wrote it
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ path: [...path, wire(key)].join('.'), message: 'Unknown field' }));
    return [{ path: path.join('.'), message: issue.message }];
  });
}
