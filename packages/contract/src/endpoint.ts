// The shape of one HTTP call: method, path, schemas for what goes in and what comes out, and who
// may call it. The server registers routes from these; the web client is typed by them; OpenAPI
// is generated from them. Schemas describe the camelCase TypeScript side: keys are converted to
// snake_case on the wire at the two edges (server hooks, web client).
import { z } from 'zod';
import type { ErrorCode } from './errors.js';

/**
 * The header a link holder may send the link's token in, instead of the `token` query parameter
 * (addresses end up in logs and browser history; headers do not).
 */
export const LINK_TOKEN_HEADER = 'x-link-token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * none: anyone; session: a Bearer session token; optional: either; direct: a signer-bound link
 * token; business: a Bearer session token, or an API user's HTTP Basic credentials (the calls an
 * API user may make for its business); operator: the installation's operator, by the Bearer token
 * the server is configured with (`OPERATOR_API_TOKEN`), no person of the product; scim: a business's
 * SCIM bearer token, which its identity provider provisions members with (ADR 084).
 */
export type EndpointAuth = 'none' | 'session' | 'optional' | 'direct' | 'business' | 'operator' | 'scim';

/** The answer of a call that sends a file: its bytes, described by the endpoint's `file`. */
export const ZFile = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'Expected a file');

/** A file in a body or an answer: its media types and what it holds. */
export interface FileContent {
  mediaTypes: readonly string[];
  description: string;
}

/** One part of a multipart/form-data body. */
export interface UploadPart {
  /** one file, any number of files under the one name, or JSON as text (the call's `body`) */
  kind: 'file' | 'files' | 'json';
  description: string;
  required?: boolean;
}

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
  /** What the call does and what a client must know, at more length than the summary. */
  description?: string;
  /** HTTP status of a successful answer (200 unless stated). */
  successStatus?: number;
  /**
   * The parts of a multipart/form-data body (uploads). With `body` too, the call takes either plain
   * JSON or multipart whose `json` part carries that JSON.
   */
  upload?: Readonly<Record<string, UploadPart>>;
  /** The body is raw bytes of these media types (OCSP and time-stamp requests). */
  fileBody?: FileContent;
  /** The answer is a file of these media types; JSON too unless `response` is `ZFile`. */
  file?: FileContent;
  /** A matching If-None-Match answers 304 Not Modified (immutable files). */
  notModified?: boolean;
  /** Other statuses whose answer has the success body (status to when), e.g. health's 503. */
  sameBodyStatuses?: Readonly<Record<number, string>>;
  /**
   * The problem codes this call answers besides those every call of its kind can (validation,
   * authentication, `internal`); the OpenAPI document lists both under their statuses.
   */
  problems?: readonly ErrorCode[];
  /**
   * A SCIM 2.0 call (RFC 7644): keys travel as SCIM names them (no snake_case), bodies are
   * `application/scim+json`, and errors are answered in SCIM's own error schema.
   */
  scim?: true;
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
