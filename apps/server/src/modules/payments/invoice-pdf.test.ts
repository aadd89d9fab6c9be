// An invoice's document is written in the language it was issued in (the person billed's), with
// amounts and dates as that language writes them; poppler's pdftotext reads it back.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './invoice-pdf.js';
import type { Invoice } from './issue-invoice.js';

const invoice = (language: Invoice['customer']['language']): Invoice => ({
  id: 'inv_1',
  issuer: 'CH',
  kind: 'invoice',
  number: 'INV-CH-000007',
  customer: {
    businessId: 'biz_1',
    userId: null,
    name: 'Acme AG',
    email: 'billing@acme.example',
    address: 'Bahnhofstrasse 1\n8001 Zürich',
    country: 'CH',
    vatNumber: 'CHE109322551MWST',
    language,
  },
  currency: 'CHF',
  lines: [{ description: 'Plan Pro, jährlich, 2 Sitze', amountMinor: 123_456, taxMinor: 10_000 }],
  subtotalMinor: 123_456,
  taxMinor: 10_000,
  totalMinor: 133_456,
  paymentId: 'pay_1',
  creditsInvoiceId: null,
  issuedAt: '2026-12-13T10:01:00.000Z',
});

const textOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(pdf) }).toString('utf8');

describe('the invoice PDF', () => {
  it('is written in the language it was issued in', async () => {
    const german = textOf(await renderInvoicePdf(invoice('de')));
    expect(german).toContain('Rechnung INV-CH-000007');
    expect(german).toContain('Rechnungsempfänger');
    expect(german).toContain('MWST-Nummer');
    expect(german).toMatch(/Ausgestellt am 13\. Dez\. 2026/);
    expect(german).toMatch(/CHF\s1[’']334\.56/);
    const french = textOf(await renderInvoicePdf(invoice('fr')));
    expect(french).toContain('Facture INV-CH-000007');
    expect(french).toContain('Numéro de TVA');
    const italian = textOf(await renderInvoicePdf(invoice('it')));
    expect(italian).toContain('Fattura INV-CH-000007');
  });

  it('is in English when the invoice names no language', async () => {
    const english = textOf(await renderInvoicePdf(invoice(undefined)));
    expect(english).toContain('Invoice INV-CH-000007');
    expect(english).toContain('Billed to');
    expect(english).toMatch(/CHF\s1,334\.56/);
  });
});
