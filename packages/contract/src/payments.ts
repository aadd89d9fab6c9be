// Payments: the webhook each payment provider calls with the events of its payments and saved
// cards (signed by the provider; the body is read as sent, since the signature covers the bytes).
// Invoices follow in invoices.ts.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['Payments'];

export const ZPaymentProviderName = z.enum(['sandbox', 'stripe']);

export const paymentWebhook = defineEndpoint({
  method: 'POST',
  path: '/v1/payments/webhooks/{provider}',
  summary:
    "A payment provider's event (a card saved or refused, a payment made or failed), signed by the provider",
  description:
    "Called by the payment provider, not by clients. The body is the provider's event exactly as sent, and its signature header (`Stripe-Signature`, or `Countersign-Signature` from the sandbox) must sign those bytes with the shared webhook secret within five minutes: otherwise 400 `payment.webhook_invalid` and nothing is applied. An event delivered again (providers deliver at least once) answers 200 with `applied: false` and changes nothing.",
  tags,
  auth: 'none',
  params: z.object({ provider: ZPaymentProviderName }),
  fileBody: {
    mediaTypes: ['application/json'],
    description: "The provider's event, byte for byte as signed",
  },
  response: z.object({ received: z.boolean(), applied: z.boolean() }),
  problems: ['payment.webhook_invalid', 'payment.provider_unavailable'],
});

export const paymentEndpoints = {
  paymentWebhook,
};
