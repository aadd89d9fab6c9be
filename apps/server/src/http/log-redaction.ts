// What request logs may show. Tokens never reach the logs: the Authorization header and cookies
// are removed, and secrets that travel in the query string (direct-sign link tokens, e-mail
// confirmation or reset tokens) are replaced before the URL is written.
import type { FastifyRequest } from 'fastify';

const secretParams = ['token', 'access_token', 'code'];

export function redactUrl(url: string): string {
  const [pathname, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const name of secretParams) if (params.has(name)) params.set(name, '[redacted]');
  return `${pathname}?${params.toString()}`;
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}
