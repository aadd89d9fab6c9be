// An invoice as a PDF: laid out with the protocol's report writer (pdf-layout.ts) in the language
// chosen when it was issued, and sealed by the platform as the signature protocol is (a PAdES
// B-LTA seal from the Seal CA, ADR 020), so anyone can check that Countersign issued it and that
// it was not altered. Made once, on first download, and kept: the invoice never changes, so
// neither does its document.
import type { CountersignTrustServices } from '@countersign/trust';
import { ReportWriter, type Cell } from '../../lib/pdf-report/pdf-layout.js';
import { sealProtocol } from '../../lib/pdf-report/seal-protocol.js';
import { textsOf } from '../../lib/i18n.js';
import { formatDay, formatMinor } from './invoice-format.js';
import { ISSUER_NAMES, type Invoice } from './issue-invoice.js';

function titleOf(invoice: Invoice): string {
  const t = textsOf(invoice.customer.language ?? 'en', 'invoice');
  return `${t(invoice.kind === 'credit_note' ? 'creditNote' : 'invoice')} ${invoice.number}`;
}

export async function renderInvoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const language = invoice.customer.language ?? 'en';
  const t = textsOf(language, 'invoice');
  const money = (minor: number) => formatMinor(minor, invoice.currency, language);
  const w = await ReportWriter.create();
  const isCredit = invoice.kind === 'credit_note';
  const title = titleOf(invoice);
  w.title(
    title,
    t('issued', { date: formatDay(invoice.issuedAt, language), issuer: ISSUER_NAMES[invoice.issuer] }),
  );
  const c = invoice.customer;
  w.heading(t('billedTo'));
  w.fields([
    [t('name'), { text: c.name, font: 'bold' }],
    [t('email'), c.email],
    ...(c.address ? [[t('address'), c.address] as [string, string]] : []),
    [t('country'), c.country],
    ...(c.vatNumber ? [[t('vatNumber'), c.vatNumber] as [string, string]] : []),
    ...(invoice.paymentId
      ? [[t('payment'), { text: invoice.paymentId, font: 'mono' }] as [string, Cell]]
      : []),
  ]);
  w.heading(t(isCredit ? 'credited' : 'charged'));
  w.table(
    [
      { header: t('description'), width: 0.52 },
      { header: t('amount'), width: 0.16 },
      { header: t('tax'), width: 0.16 },
      { header: t('total'), width: 0.16 },
    ],
    invoice.lines.map((l): Cell[] => [
      { text: l.description },
      { text: money(l.amountMinor) },
      { text: money(l.taxMinor) },
      { text: money(l.amountMinor + l.taxMinor) },
    ]),
  );
  w.fields([
    [t('subtotal'), money(invoice.subtotalMinor)],
    [t('tax'), money(invoice.taxMinor)],
    [t('total'), { text: money(invoice.totalMinor), font: 'bold' }],
  ]);
  w.footers((n, of) => t('page', { title, page: n, pages: of }));
  const doc = w.doc;
  const issued = new Date(invoice.issuedAt);
  doc.setTitle(title);
  doc.setLanguage(language);
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
  return sealProtocol(await renderInvoicePdf(invoice), trust, sealedAt, titleOf(invoice));
}
