// HTTP routes of invoices: a business's admins list and download the business's, a person their
// own. Who may see an invoice is decided here once: the business's admins (business policy, the
// same rule as its settings) for a business invoice, the person it was issued to otherwise;
// anyone else is told it does not exist.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import type { Kysely } from 'kysely';
import type { CountersignTrustServices } from '@countersign/trust';
import { endpoints as e } from '@countersign/contract';
import type { Database } from '../../db/schema.js';
import { registerEndpoint, registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { requirePerson } from '../../lib/principal.js';
import { authorizeBusiness } from '../businesses/index.js';
import { createInvoiceRepo } from './invoice-repo.js';
import { sealedInvoicePdf } from './invoice-pdf.js';
import { invoiceOf, type Invoice } from './issue-invoice.js';

const LIST_LIMIT = 100;

type InvoiceStatus = 'paid' | 'open' | 'partly_credited' | 'credited' | 'issued';

/** Where an invoice stands: credit notes are issued; an invoice is credited, or paid, or open. */
export function statusOf(invoice: Invoice, credited: number): InvoiceStatus {
  if (invoice.kind === 'credit_note') return 'issued';
  if (credited > 0) return credited >= invoice.totalMinor ? 'credited' : 'partly_credited';
  return invoice.paymentId ? 'paid' : 'open';
}

export interface InvoiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  trust: () => Promise<CountersignTrustServices>;
}

export function registerInvoiceRoutes(
  app: FastifyInstance,
  deps: InvoiceDeps,
  authenticate: Authenticator,
): void {
  const repo = createInvoiceRepo(deps.db);

  /** The invoice if it belongs to `owner`; anything else does not exist for this caller. */
  const invoiceFor = async (invoiceId: string, owner: { businessId: string } | { userId: string }) => {
    const row = await repo.find(invoiceId);
    const isOwners =
      row &&
      ('businessId' in owner
        ? row.business_id === owner.businessId
        : row.user_id === owner.userId && row.business_id === null);
    if (!row || !isOwners) throw new AppError('invoice.not_found', 'No such invoice');
    return invoiceOf(row);
  };

  /** The sealed PDF, made on first download and kept, so every download is the same file. */
  const documentOf = async (invoice: Invoice): Promise<Uint8Array> => {
    const kept = await repo.documentOf(invoice.id);
    if (kept) return kept;
    const made = await sealedInvoicePdf(invoice, await deps.trust(), deps.clock.now());
    await repo.keepDocument(invoice.id, made, deps.clock.now().toISOString());
    return (await repo.documentOf(invoice.id)) ?? made;
  };

  /** The list as the contract presents it: each invoice with its status. */
  const listOf = async (owner: { businessId: string } | { userId: string }) => {
    const invoices = (await repo.listOf(owner, LIST_LIMIT)).map(invoiceOf);
    const credited = await repo.creditedOfEach(invoices.filter((i) => i.kind === 'invoice').map((i) => i.id));
    return { invoices: invoices.map((i) => ({ ...i, status: statusOf(i, credited.get(i.id) ?? 0) })) };
  };

  const sendPdf = async (reply: FastifyReply, invoice: Invoice) =>
    reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition(`${invoice.number}.pdf`))
      .header('cache-control', 'private, no-cache')
      .send(Buffer.from(await documentOf(invoice)));

  registerEndpoint(app, e.listBusinessInvoices, authenticate, async ({ params, ctx }) => {
    // billing is the business's settings: its admins' (spec 6)
    authorizeBusiness(ctx.principal, 'view_settings', { businessId: params.id });
    return listOf({ businessId: params.id });
  });

  registerRawEndpoint(app, e.downloadBusinessInvoice, authenticate, async ({ params, ctx }) => {
    authorizeBusiness(ctx.principal, 'view_settings', { businessId: params.id });
    return sendPdf(ctx.reply, await invoiceFor(params.invoiceId, { businessId: params.id }));
  });

  registerEndpoint(app, e.listUserInvoices, authenticate, async ({ ctx }) => {
    return listOf({ userId: requirePerson(ctx.principal).userId });
  });

  registerRawEndpoint(app, e.downloadUserInvoice, authenticate, async ({ params, ctx }) => {
    const userId = requirePerson(ctx.principal).userId;
    return sendPdf(ctx.reply, await invoiceFor(params.invoiceId, { userId }));
  });
}
