// The one way a request's parts are checked against the contract: wire keys become camelCase, the
// zod schema parses, and a failure is a 400 `request.validation_failed` listing every field by
// the path the caller wrote (snake_case). JSON routes, file routes and multipart fields share it.
// A body is strict at every depth: a key the schema does not know, however deep, is refused at its
// own path (a misspelt `placement` would otherwise be dropped, and a signature silently lost).
import type { z } from 'zod';
import { camelKeys, fieldErrorsOf, snakeKey } from '@countersign/contract';
import type { FieldError } from '@countersign/contract';
import { AppError } from '../lib/app-error.js';

export type RequestPart = 'params' | 'query' | 'body';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Object]';

/**
 * The keys of `input` that the parse left out of `output`, at every depth. zod drops the keys an
 * object schema does not name, so whatever the caller sent and the parse did not keep is unknown.
 */
function droppedKeys(input: unknown, output: unknown, path: string[], found: FieldError[]): void {
  if (Array.isArray(input) && Array.isArray(output) && input.length === output.length) {
    input.forEach((item, i) => droppedKeys(item, output[i], [...path, String(i)], found));
    return;
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return;
  for (const [key, value] of Object.entries(input)) {
    const at = [...path, snakeKey(key)];
    if (!Object.hasOwn(output, key)) found.push({ path: at.join('.'), message: 'Unknown field' });
    else droppedKeys(value, output[key], at, found);
  }
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: RequestPart): z.infer<S> {
  const input = camelKeys(value ?? {});
  const result = schema.safeParse(input);
  const errors = result.success ? [] : fieldErrorsOf(result.error, where);
  if (result.success && where === 'body') droppedKeys(input, result.data, [where], errors);
  if (result.success && errors.length === 0) return result.data;
  throw new AppError(
    'request.validation_failed',
    `Invalid ${where}: ${errors.map((e) => e.path).join(', ')}`,
    { errors },
  );
}
