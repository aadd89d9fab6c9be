// HTTP route of wallet identification: the wallet's OpenID4VP direct_post answer. Starting,
// reading and cancelling go through the identification routes like every method (provider
// `wallet`, method `pid`).
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { acceptFormPosts } from '../../http/form-posts.js';
import { receiveWalletResponse, type WalletDeps } from './service.js';

/** `deps` undefined: no trust list and no sandbox wallet, so every answer is refused. */
export function registerWalletRoutes(
  app: FastifyInstance,
  deps: WalletDeps | undefined,
  authenticate: Authenticator,
): void {
  // wallets post their answer as a form (OpenID4VP direct_post)
  app.register(async (scope) => {
    acceptFormPosts(scope);
    registerEndpoint(scope, e.walletResponse, authenticate, async ({ body }) => {
      if (!deps)
        throw new AppError('identification.provider_unavailable', 'No wallet issuer is trusted here');
      return receiveWalletResponse(deps, body);
    });
  });
}
