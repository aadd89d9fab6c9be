// HTTP routes of payments: the providers' webhook. Its body is read as raw bytes, since the
// provider's signature covers exactly the bytes it sent.
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { receivePaymentWebhook, type WebhookDeps } from './receive-webhook.js';

/** Providers' events are small; a larger body is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const PAYMENT_WEBHOOK_PATH = '/v1/payments/webhooks';

export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: WebhookDeps,
  authenticate: Authenticator,
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    registerRawEndpoint(scope, e.paymentWebhook, authenticate, async ({ params, ctx }) => {
      const rawBody = ctx.request.body;
      // only the JSON parser above hands over bytes; another media type is not a provider's event
      if (!Buffer.isBuffer(rawBody))
        throw new AppError('request.unsupported_media_type', 'A payment webhook is application/json');
      return receivePaymentWebhook(deps, {
        provider: params.provider,
        rawBody,
        headers: ctx.request.headers,
      });
    });
  });
}
