// Whether the signer may be sent to an integrator's exit, decline or error address without being
// asked (spec 5: navigating to an external URL requires explicit permission; disallowed protocols
// are refused). Anyone can put a URL into a link's query, so only the origins a business has
// registered for its own integration (its `redirects.allowedOrigins` setting, ADR 064) are
// left for without asking, and only on that business's requests.
import { parseWebUrl } from './web-url.js';

/** What may happen with a redirect URL: leave without asking, ask the person first, or never. */
export type RedirectPermission = 'leave' | 'ask' | 'refuse';

/** `https://`, a host, maybe `:port`, and nothing else: no path, query, fragment or user. */
const ORIGIN_SHAPE = /^https:\/\/(?:[^/?#@\\\s:[\]]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** Dot-separated letters, digits and hyphens (IDNs arrive as punycode), or an IPv6 literal. */
const HOSTNAME = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;
const MAX_ORIGIN_LENGTH = 300;

/**
 * An origin as a business registers it: exactly `https://host` or `https://host:port`, returned
 * in the browser's own form (lower case, default port dropped) so it compares equal to the origin
 * of a URL. Plain http, paths, wildcards, user names and anything unparsable give null: the
 * setting names places the business controls, and a pattern would let in places it does not.
 */
export function parseRedirectOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length > MAX_ORIGIN_LENGTH || !ORIGIN_SHAPE.test(trimmed)) return null;
  const url = parseWebUrl(trimmed);
  return url?.protocol === 'https:' && HOSTNAME.test(url.hostname) ? url.origin : null;
}

/**
 * The registered origins, each checked and normalised, without repeats (first place kept), or
 * the index of the first that is not an origin.
 */
export function normaliseRedirectOrigins(values: readonly unknown[]): NormalisedOrigins {
  return normaliseOrigins(values, parseRedirectOrigin);
}

export type NormalisedOrigins = { ok: true; origins: string[] } | { ok: false; index: number };

/** Each of `values` through `parse`, without repeats (first place kept), or the first refused. */
export function normaliseOrigins(
  values: readonly unknown[],
  parse: (value: unknown) => string | null,
): NormalisedOrigins {
  const origins: string[] = [];
  for (const [index, value] of values.entries()) {
    const origin = parse(value);
    if (!origin) return { ok: false, index };
    if (!origins.includes(origin)) origins.push(origin);
  }
  return { ok: true, origins };
}

/**
 * What may happen with `url` on a request whose business registered `allowedOrigins` (none for
 * an individual's request): refused unless it is an absolute http(s) URL; left for without asking
 * only when its origin is exactly one registered (so `https://shop.example.evil.test`,
 * `https://shop.example@evil.test` and `http://shop.example` are asked about); asked otherwise.
 */
export function redirectPermission(url: unknown, allowedOrigins: readonly string[]): RedirectPermission {
  const parsed = parseWebUrl(url);
  if (!parsed) return 'refuse';
  const isRegistered = allowedOrigins.some((origin) => parseRedirectOrigin(origin) === parsed.origin);
  return isRegistered ? 'leave' : 'ask';
}
