// Issuing invoices and credit notes: billing calls `issueInvoice` once a payment has succeeded
// (or for a period it bills), with the lines it decided. The number comes from the issuer's
// series in the same transaction as the invoice (no gaps, no duplicates); amounts are integers in
// minor units; an issued invoice is never changed, and a correction is a credit note that names it.
import type { Kysely } from 'kysely';
import type { Language } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import type { Currency } from '../../providers/payments/provider.js';
import { createInvoiceRepo, type InvoiceRow } from './invoice-repo.js';

/** Who issues: the platform's company for Switzerland or for the European Union (spec 1). */
export type InvoiceIssuer = 'CH' | 'EU';

export const ISSUER_NAMES: Record<InvoiceIssuer, string> = {
  CH: 'Countersign Switzerland',
  EU: 'Countersign Europe',
};

export interface InvoiceCustomer {
  /** the business invoiced, or null for a person's own plan */
  businessId: string | null;
  /** the person invoiced (a business's admin who bought, or the individual) */
  userId: string | null;
  name: string;
  email: string;
  address: string | null;
  country: string;
  vatNumber: string | null;
  /** the language its document is written in (the person billed's); English when absent */
  language?: Language | undefined;
}

export interface InvoiceLine {
  description: string;
  amountMinor: number;
  taxMinor: number;
}

export interface Invoice {
  id: string;
  issuer: InvoiceIssuer;
  kind: 'invoice' | 'credit_note';
  number: string;
  customer: InvoiceCustomer;
  currency: Currency;
  lines: InvoiceLine[];
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  paymentId: string | null;
  creditsInvoiceId: string | null;
  issuedAt: string;
}

const SERIES_PREFIX = { invoice: 'INV', credit_note: 'CN' } as const;

export function displayNumber(issuer: InvoiceIssuer, kind: Invoice['kind'], n: number): string {
  return `${SERIES_PREFIX[kind]}-${issuer}-${String(n).padStart(6, '0')}`;
}

export function invoiceOf(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    issuer: row.issuer as InvoiceIssuer,
    kind: row.kind as Invoice['kind'],
    number: row.display_number,
    customer: JSON.parse(row.customer) as InvoiceCustomer,
    currency: row.currency as Currency,
    lines: JSON.parse(row.lines) as InvoiceLine[],
    subtotalMinor: Number(row.subtotal_minor),
    taxMinor: Number(row.tax_minor),
    totalMinor: Number(row.total_minor),
    paymentId: row.payment_id,
    creditsInvoiceId: row.credits_invoice_id,
    issuedAt: row.issued_at,
  };
}

function checkLines(lines: InvoiceLine[]): void {
  const isMinor = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (
    lines.length === 0 ||
    lines.length > 100 ||
    lines.some((l) => !l.description.trim() || !isMinor(l.amountMinor) || !isMinor(l.taxMinor))
  )
    throw new AppError(
      'invoice.invalid',
      'An invoice needs 1 to 100 lines, each described, with amounts in whole minor units of 0 or more',
    );
}

async function issue(
  db: Kysely<Database>,
  input: {
    issuer: InvoiceIssuer;
    kind: Invoice['kind'];
    customer: InvoiceCustomer;
    lines: InvoiceLine[];
    currency: Currency;
    paymentId: string | null;
    creditsInvoiceId: string | null;
    at: Date;
  },
): Promise<Invoice> {
  checkLines(input.lines);
  const subtotal = input.lines.reduce((sum, l) => sum + l.amountMinor, 0);
  const tax = input.lines.reduce((sum, l) => sum + l.taxMinor, 0);
  const repo = createInvoiceRepo(db);
  const row = {
    id: newId(),
    issuer: input.issuer,
    kind: input.kind,
    business_id: input.customer.businessId,
    user_id: input.customer.userId,
    customer: JSON.stringify(input.customer),
    currency: input.currency,
    lines: JSON.stringify(input.lines),
    subtotal_minor: subtotal,
    tax_minor: tax,
    total_minor: subtotal + tax,
    payment_id: input.paymentId,
    credits_invoice_id: input.creditsInvoiceId,
    issued_at: input.at.toISOString(),
  };
  try {
    return invoiceOf(await repo.issue(row, (n) => displayNumber(input.issuer, input.kind, n)));
  } catch (err) {
    // the same payment invoiced at the same moment by another call: that invoice is this one
    const earlier = input.paymentId ? await repo.findForPayment(input.paymentId) : undefined;
    if (earlier) return invoiceOf(earlier);
    throw err;
  }
}

/** Issues an invoice; for a payment invoiced already, answers that invoice. */
export function issueInvoice(
  db: Kysely<Database>,
  input: {
    issuer: InvoiceIssuer;
    customer: InvoiceCustomer;
    lines: InvoiceLine[];
    currency: Currency;
    paymentId: string | null;
    at: Date;
  },
): Promise<Invoice> {
  return issue(db, { ...input, kind: 'invoice', creditsInvoiceId: null });
}

/**
 * Credits (part of) an issued invoice: a credit note of its own series naming it, never more than
 * what the invoice still has uncredited. Without lines it credits the whole invoice.
 */
export async function issueCreditNote(
  db: Kysely<Database>,
  input: { invoiceId: string; lines?: InvoiceLine[]; at: Date },
): Promise<Invoice> {
  const repo = createInvoiceRepo(db);
  const row = await repo.find(input.invoiceId);
  if (!row || row.kind !== 'invoice') throw new AppError('invoice.not_found', 'No such invoice');
  const invoice = invoiceOf(row);
  const lines = input.lines ?? invoice.lines;
  checkLines(lines);
  const total = lines.reduce((sum, l) => sum + l.amountMinor + l.taxMinor, 0);
  if (total > invoice.totalMinor - (await repo.creditedOf(invoice.id)))
    throw new AppError('invoice.invalid', 'A credit note cannot credit more than the invoice has uncredited');
  return issue(db, {
    issuer: invoice.issuer,
    kind: 'credit_note',
    customer: invoice.customer,
    lines,
    currency: invoice.currency,
    paymentId: null,
    creditsInvoiceId: invoice.id,
    at: input.at,
  });
}
