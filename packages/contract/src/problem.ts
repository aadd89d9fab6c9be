// RFC 9457 problem details, the one error shape of the API. `code` is stable and is what clients
// map to messages; `detail` is for developers; `errors` lists field paths for validation failures.
import { z } from 'zod';

export const ZFieldError = z.object({
  path: z.string(),
  message: z.string(),
});

export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(ZFieldError).optional(),
  retryAfterSeconds: z.number().int().optional(),
});
export type Problem = z.infer<typeof ZProblem>;
export type FieldError = z.infer<typeof ZFieldError>;
