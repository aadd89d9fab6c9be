// Security headers on every answer, set by helmet. The Content-Security-Policy lets the built app
// load only its own scripts, and forbids any other site to frame a page (a framed signing page
// could be clickjacked into a signature). Styles may be inline because the dialogs' scroll lock
// injects a style element; page images and downloads are blob: URLs. JSON and files get nosniff,
// pages no Referer (direct-sign links carry their token in the URL), and HTTPS answers HSTS. The one
// page other sites may frame is embedded signing, by the origins its business registered (ADR 088).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy with the third-party script origins the operator configured (analytics, user
 * guidance, affiliate programme: config-third-parties.ts) allowed to load scripts and be called;
 * none configured, it is the policy above as it stands.
 */
export function policyWithScripts(origins: readonly string[]): typeof contentSecurityPolicy {
  if (origins.length === 0) return contentSecurityPolicy;
  return {
    ...contentSecurityPolicy,
    'script-src': [...contentSecurityPolicy['script-src'], ...origins],
    'connect-src': [...contentSecurityPolicy['connect-src'], ...origins],
  };
}

/**
 * The policy of a page that the given origins may frame (the embedded signing page, ADR 088): the
 * same as every page's but for `frame-ancestors`. X-Frame-Options knows no list of origins, so such
 * an answer goes without it (browsers that know CSP ignore it beside `frame-ancestors` anyway).
 */
export function framedPagePolicy(frameAncestors: string, scriptOrigins: readonly string[] = []): string {
  return Object.entries({ ...policyWithScripts(scriptOrigins), 'frame-ancestors': [frameAncestors] })
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** A year, the span browsers' preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(
  app: FastifyInstance,
  scriptOrigins: readonly string[] = [],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: policyWithScripts(scriptOrigins) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent only over HTTPS, below: browsers ignore it over HTTP, and a development server on
    // http://localhost must not teach the browser to insist on HTTPS for localhost.
    strictTransportSecurity: false,
  });
  // request.protocol is https when the socket is TLS, or when a trusted proxy says so
  // (X-Forwarded-Proto, TRUST_PROXY).
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
