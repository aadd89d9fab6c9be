// Parsing an absolute http(s) URL, for the redirect rules. `URL` is a global in browsers and Node
// alike, but this package is type-checked without DOM or Node typings (it must stay free of both),
// so it is reached through globalThis with a local type. Not exported from the package.

export interface WebUrl {
  protocol: string;
  hostname: string;
  origin: string;
  href: string;
}
type UrlConstructor = new (input: string) => WebUrl;
const UrlParser = (globalThis as unknown as { URL: UrlConstructor }).URL;

/** The protocols a signer may be sent to; javascript:, data:, file: and the rest never. */
const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** `value` parsed as an absolute http: or https: URL (surrounding spaces ignored), else null. */
export function parseWebUrl(value: unknown): WebUrl | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  try {
    const url = new UrlParser(trimmed);
    return WEB_PROTOCOLS.has(url.protocol) ? url : null;
  } catch {
    return null;
  }
}
