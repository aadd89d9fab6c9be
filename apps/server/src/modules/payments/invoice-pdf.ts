// An invoice as a PDF: laid out with the protocol's report writer (pdf-layout.ts) and sealed by
// the platform as the signature protocol is (a PAdES B-LTA seal from the Seal CA, ADR 020), so
// anyone can check that Countersign issued it and that it was not altered. Made once, on first
// download, and kept: the invoice never changes, so neither does its document.
import type { CountersignTrustServices } from '@countersign/trust';
import { ReportWriter, type Cell } from '../signature-requests/protocol/pdf-layout.js';
import { sealProtocol } from '../signature-requests/protocol/seal-protocol.js';
import { ISSUER_NAMES, type Invoice } from './issue-invoice.js';

/** Minor units as a decimal amount with the currency, exactly (no floating point). */
export function formatMinor(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

export async function renderInvoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const w = await ReportWriter.create();
  const isCredit = invoice.kind === 'credit_note';
  const title = `${isCredit ? 'Credit note' : 'Invoice'} ${invoice.number}`;
  w.title(
    title,
    `Issued ${invoice.issuedAt.slice(0, 10)} by ${ISSUER_NAMES[invoice.issuer]}. Sealed by Countersign (PAdES).`,
  );
  const c = invoice.customer;
  w.heading('Billed to');
  w.fields([
    ['Name', { text: c.name, font: 'bold' }],
    ['E-mail', c.email],
    ...(c.address ? [['Address', c.address] as [string, string]] : []),
    ['Country', c.country],
    ...(c.vatNumber ? [['VAT number', c.vatNumber] as [string, string]] : []),
    ...(invoice.paymentId ? [['Payment', { text: invoice.paymentId, font: 'mono' }] as [string, Cell]] : []),
  ]);
  w.heading(isCredit ? 'Credited' : 'Charged');
  w.table(
    [
      { header: 'Description', width: 0.55 },
      { header: 'Amount', width: 0.15 },
      { header: 'Tax', width: 0.15 },
      { header: 'Total', width: 0.15 },
    ],
    invoice.lines.map((l): Cell[] => [
      { text: l.description },
      { text: formatMinor(l.amountMinor, invoice.currency) },
      { text: formatMinor(l.taxMinor, invoice.currency) },
      { text: formatMinor(l.amountMinor + l.taxMinor, invoice.currency) },
    ]),
  );
  w.fields([
    ['Subtotal', formatMinor(invoice.subtotalMinor, invoice.currency)],
    ['Tax', formatMinor(invoice.taxMinor, invoice.currency)],
    ['Total', { text: formatMinor(invoice.totalMinor, invoice.currency), font: 'bold' }],
  ]);
  w.footers((n, of) => `${title} - page ${n} of ${of}`);
  const doc = w.doc;
  const issued = new Date(invoice.issuedAt);
  doc.setTitle(title);
  doc.setLanguage('en');
  doc.setAuthor(ISSUER_NAMES[invoice.issuer]);
  doc.setCreator('Countersign');
  doc.setProducer('Countersign');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  // classic cross-reference table: the seal is appended as an incremental revision
  return doc.save({ useObjectStreams: false });
}

export async function sealedInvoicePdf(
  invoice: Invoice,
  trust: CountersignTrustServices,
  sealedAt: Date,
): Promise<Uint8Array> {
  return sealProtocol(
    await renderInvoicePdf(invoice),
    trust,
    sealedAt,
    `${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${invoice.number}`,
  );
}
