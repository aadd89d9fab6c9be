// Payments: the webhook each payment provider calls with the events of its payments and saved
// cards (signed by the provider; the body is read as sent, since the signature covers the bytes).
// And invoices: listed and downloaded (a sealed PDF) by a business's admins and by a person for
// their own plan.
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';

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

export const ZInvoice = z.object({
  id: z.string(),
  number: z
    .string()
    .describe(
      'INV-<issuer>-000001 for invoices, CN-<issuer>-000001 for credit notes: each series without gaps',
    ),
  kind: z.enum(['invoice', 'credit_note']),
  issuer: z.enum(['CH', 'EU']),
  currency: z.enum(['EUR', 'CHF']),
  lines: z.array(
    z.object({ description: z.string(), amountMinor: z.number().int(), taxMinor: z.number().int() }),
  ),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  paymentId: z.string().nullable(),
  creditsInvoiceId: z.string().nullable().describe('for a credit note: the invoice it credits'),
  issuedAt: z.string(),
  status: z
    .enum(['paid', 'open', 'partly_credited', 'credited', 'issued'])
    .describe(
      'an invoice: paid (its payment was collected), open (none recorded), partly_credited or credited (by credit notes); a credit note: issued',
    ),
});
export type Invoice = z.infer<typeof ZInvoice>;

const ZInvoiceList = z.object({ invoices: z.array(ZInvoice) });
const invoicePdf = {
  mediaTypes: ['application/pdf'],
  description: 'The invoice, sealed by Countersign (PAdES)',
};
const businessProblems = ['business.not_found', 'business.forbidden'] as const;

export const listBusinessInvoices = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/invoices',
  summary: "The business's invoices and credit notes, newest first (the latest 100)",
  description:
    'Admins of the business only (a member gets 403, anyone else 404). Issued invoices never change; a correction is a credit note naming the invoice.',
  tags,
  auth: 'session',
  params: z.object({ id: z.string() }),
  response: ZInvoiceList,
  problems: businessProblems,
});

export const downloadBusinessInvoice = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/invoices/{invoiceId}/pdf',
  summary: 'One invoice or credit note of the business as a sealed PDF',
  description:
    'Admins of the business only. An invoice of another business or person answers 404 `invoice.not_found`. The PDF is made and sealed on first download and then kept, so every download is the same file.',
  tags,
  auth: 'session',
  params: z.object({ id: z.string(), invoiceId: z.string() }),
  response: ZFile,
  file: invoicePdf,
  problems: [...businessProblems, 'invoice.not_found'],
});

export const listUserInvoices = defineEndpoint({
  method: 'GET',
  path: '/v1/user/invoices',
  summary: "The signed-in person's own invoices and credit notes (an individual plan), newest first",
  description: "Only the person's own, not those of a business they belong to (those are its admins').",
  tags,
  auth: 'session',
  response: ZInvoiceList,
});

export const downloadUserInvoice = defineEndpoint({
  method: 'GET',
  path: '/v1/user/invoices/{invoiceId}/pdf',
  summary: "One of the signed-in person's own invoices as a sealed PDF",
  description: "Another person's or a business's invoice answers 404 `invoice.not_found`.",
  tags,
  auth: 'session',
  params: z.object({ invoiceId: z.string() }),
  response: ZFile,
  file: invoicePdf,
  problems: ['invoice.not_found'],
});

export const paymentEndpoints = {
  paymentWebhook,
  listBusinessInvoices,
  downloadBusinessInvoice,
  listUserInvoices,
  downloadUserInvoice,
};
