// The origins whose pages may frame a business's embedded signing page (ADR 088), as the business
// registers them in `embeddedSigning.allowedOrigins`. They become the page's CSP `frame-ancestors`
// and the only targets of its `postMessage`, so each is an exact origin, as for redirects (ADR 064):
// https, a host, maybe a port. Plain http only on the loopback hosts, which browsers treat as a
// secure context: an integrator tries the embedding on their own machine before going live, and no
// other machine can serve a page from the signer's loopback address.
import { normaliseOrigins, parseRedirectOrigin } from './redirect-origins.js';
import type { NormalisedOrigins } from './redirect-origins.js';
import { parseWebUrl } from './web-url.js';

const LOOPBACK_HTTP = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/** An origin that may frame embedded signing, in the browser's form, or null. */
export function parseEmbeddingOrigin(value: unknown): string | null {
  const secure = parseRedirectOrigin(value);
  if (secure) return secure;
  if (typeof value !== 'string' || !LOOPBACK_HTTP.test(value.trim())) return null;
  return parseWebUrl(value)?.origin ?? null;
}

/** The registered embedding origins, checked and normalised, or the index of the first refused. */
export function normaliseEmbeddingOrigins(values: readonly unknown[]): NormalisedOrigins {
  return normaliseOrigins(values, parseEmbeddingOrigin);
}

/**
 * The CSP `frame-ancestors` value for a page these origins may frame: the origins themselves, or
 * `'none'` when there are none (a stored value that no longer parses is left out, never widened).
 */
export function frameAncestorsFor(origins: readonly string[]): string {
  const allowed = origins.map(parseEmbeddingOrigin).filter((origin): origin is string => origin !== null);
  return allowed.length > 0 ? allowed.join(' ') : "'none'";
}
