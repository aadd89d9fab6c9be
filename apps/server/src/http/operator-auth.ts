// Who may call the operator API: whoever sends the installation's OPERATOR_API_TOKEN as a Bearer
// token. The token is compared as a SHA-256 digest with timingSafeEqual, so neither its length nor
// its letters leak through the time a refusal takes. The operator is no person of the product, so
// the authenticator resolves no principal: it lets the call through or refuses it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function createOperatorAuthenticator(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest): Promise<undefined> => {
    const header = request.headers.authorization;
    if (!header) throw new AppError('auth.required', 'The operator API needs the operator token (Bearer)');
    const [scheme, given] = header.split(' ', 2);
    if (scheme?.toLowerCase() !== 'bearer' || !given || !timingSafeEqual(digest(given.trim()), expected)) {
      throw new AppError('auth.invalid_token', 'That is not the operator token');
    }
    return undefined;
  };
}
