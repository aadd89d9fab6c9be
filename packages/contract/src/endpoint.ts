// The shape of one HTTP call: method, path, schemas for what goes in and what comes out, and who
// may call it. The server registers routes from these; the web client is typed by them; OpenAPI
// is generated from them. Schemas describe the camelCase TypeScript side: keys are converted to
// snake_case on the wire at the two edges (server hooks, web client).
import type { z } from 'zod';
import type { ErrorCode } from './errors.js';

/**
 * The header a link holder may send the link's token in, instead of the `token` query parameter
 * (addresses end up in logs and browser history; headers do not).
 */
export const LINK_TOKEN_HEADER = 'x-link-token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** none: anyone; session: a Bearer session token; optional: either; direct: a signer-bound link token. */
export type EndpointAuth = 'none' | 'session' | 'optional' | 'direct';

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  auth: EndpointAuth;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** HTTP status of a successful answer (200 unless stated). */
  successStatus?: number;
  /**
   * The problem codes this call answers besides those every call of its kind can (validation,
   * authentication, `internal`); the OpenAPI document lists both under their statuses.
   */
  problems?: readonly ErrorCode[];
}

export function defineEndpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return endpoint;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? Infer<B> : never;
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Infer<Q> : never;
export type EndpointParams<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? Infer<P> : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;
