// HTML form posts (application/x-www-form-urlencoded) read as a plain object, within one
// encapsulated scope: the sandbox providers' pages and the wallets' OpenID4VP answers post forms.
import type { FastifyInstance } from 'fastify';

export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
