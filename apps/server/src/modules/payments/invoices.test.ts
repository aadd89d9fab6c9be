// Invoices on SQLite and PostgreSQL: each issuer's series has no gaps and no duplicates however
// many are issued at once (and a payment invoiced twice at once is one invoice); issued invoices
// cannot be changed or deleted, even by SQL; a credit note corrects one; a business's admins and
// the individual list and download theirs as sealed PDFs, and anyone else's answer 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { issueCreditNote, issueInvoice, type InvoiceCustomer } from './issue-invoice.js';

describe.each(testDatabases())('invoices on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  const at = new Date('2026-11-24T12:00:00Z');
  const customer = (over: Partial<InvoiceCustomer> = {}): InvoiceCustomer => ({
    businessId: null,
    userId: null,
    name: 'Acme AG',
    email: 'billing@acme.example',
    address: 'Bahnhofstrasse 1\n8001 Zürich',
    country: 'CH',
    vatNumber: 'CHE-123.456.789 MWST',
    ...over,
  });
  const line = { description: 'Pro, yearly', amountMinor: 36_000, taxMinor: 2_916 };

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = jsonCaller(t.app);
  });
  afterAll(async () => t?.close());

  it('numbers each series without gaps or duplicates under concurrency', async () => {
    const db = t.db.kysely;
    const issued = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        issueInvoice(db, {
          issuer: 'CH',
          customer: customer(),
          lines: [line],
          currency: 'CHF',
          paymentId: `pi_ch_${i}`,
          at,
        }),
      ),
      ...Array.from({ length: 12 }, () =>
        issueInvoice(db, {
          issuer: 'EU',
          customer: customer({ country: 'DE' }),
          lines: [line],
          currency: 'EUR',
          paymentId: null,
          at,
        }),
      ),
      // the same payment asked for eight times at once is one invoice
      ...Array.from({ length: 8 }, () =>
        issueInvoice(db, {
          issuer: 'CH',
          customer: customer(),
          lines: [line],
          currency: 'CHF',
          paymentId: 'pi_once',
          at,
        }),
      ),
    ]);
    expect(new Set(issued.filter((i) => i.paymentId === 'pi_once').map((i) => i.id)).size).toBe(1);
    const rows = await db
      .selectFrom('invoices')
      .select(['issuer', 'kind', 'number', 'display_number'])
      .execute();
    for (const [issuer, count] of [
      ['CH', 31],
      ['EU', 12],
    ] as const) {
      const numbers = rows
        .filter((r) => r.issuer === issuer)
        .map((r) => Number(r.number))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }
    expect(rows.map((r) => r.display_number)).toContain('INV-CH-000031');
    expect(rows.map((r) => r.display_number)).toContain('INV-EU-000012');
    expect(issued[0]).toMatchObject({ subtotalMinor: 36_000, taxMinor: 2_916, totalMinor: 38_916 });
  });

  it('refuses to change or delete an issued invoice, even by SQL; a credit note corrects it', async () => {
    const db = t.db.kysely;
    const invoice = await issueInvoice(db, {
      issuer: 'EU',
      customer: customer(),
      lines: [line, { description: '5 seats', amountMinor: 10_000, taxMinor: 1_900 }],
      currency: 'EUR',
      paymentId: null,
      at,
    });
    await expect(
      db.updateTable('invoices').set({ total_minor: 1 }).where('id', '=', invoice.id).execute(),
    ).rejects.toThrow(/never changed/);
    await expect(db.deleteFrom('invoices').where('id', '=', invoice.id).execute()).rejects.toThrow(
      /never changed/,
    );

    const credit = await issueCreditNote(db, {
      invoiceId: invoice.id,
      lines: [{ description: '5 seats', amountMinor: 10_000, taxMinor: 1_900 }],
      at,
    });
    expect(credit).toMatchObject({
      kind: 'credit_note',
      number: 'CN-EU-000001',
      creditsInvoiceId: invoice.id,
      totalMinor: 11_900,
    });
    // what is left to credit is the rest, not the whole again
    await expect(issueCreditNote(db, { invoiceId: invoice.id, at })).rejects.toMatchObject({
      code: 'invoice.invalid',
    });
    await expect(issueCreditNote(db, { invoiceId: credit.id, at })).rejects.toMatchObject({
      code: 'invoice.not_found',
    });
    await expect(
      issueInvoice(db, {
        issuer: 'EU',
        customer: customer(),
        lines: [],
        currency: 'EUR',
        paymentId: null,
        at,
      }),
    ).rejects.toMatchObject({ code: 'invoice.invalid' });
    await expect(
      issueInvoice(db, {
        issuer: 'EU',
        customer: customer(),
        lines: [{ ...line, amountMinor: 1.5 }],
        currency: 'EUR',
        paymentId: null,
        at,
      }),
    ).rejects.toMatchObject({ code: 'invoice.invalid' });
  });

  it("lists and downloads a business's invoices for its admin and a person's own; anyone else's answer 404", async () => {
    const ada = await signUp(t.app, 'ada@example.org', 'Ada');
    const ben = await signUp(t.app, 'ben@example.org', 'Ben');
    const eve = await signUp(t.app, 'eve@example.org', 'Eve');
    const businessOf = async (token: string, name: string) =>
      (
        await call('POST', '/v2/businesses', token, {
          name,
          email: `x@${name}.example`,
          accept_gtc: true,
          accept_dpa: true,
        })
      ).json().id as string;
    const acme = await businessOf(ada, 'acme');
    const globex = await businessOf(ben, 'globex');
    const eveId = (await call('GET', '/v1/user', eve)).json().id as string;
    const db = t.db.kysely;
    const acmeInvoice = await issueInvoice(db, {
      issuer: 'CH',
      customer: customer({ businessId: acme }),
      lines: [line],
      currency: 'CHF',
      paymentId: null,
      at,
    });
    const globexInvoice = await issueInvoice(db, {
      issuer: 'CH',
      customer: customer({ businessId: globex }),
      lines: [line],
      currency: 'CHF',
      paymentId: null,
      at,
    });
    const eveInvoice = await issueInvoice(db, {
      issuer: 'EU',
      customer: customer({ userId: eveId, name: 'Eve', vatNumber: null, address: null }),
      lines: [{ description: 'Individual, monthly', amountMinor: 900, taxMinor: 171 }],
      currency: 'EUR',
      paymentId: null,
      at,
    });

    const list = await call('GET', `/v1/businesses/${acme}/invoices`, ada);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().invoices.map((i: { id: string }) => i.id)).toEqual([acmeInvoice.id]);
    expect(list.json().invoices[0]).toMatchObject({
      number: acmeInvoice.number,
      total_minor: 38_916,
      currency: 'CHF',
    });

    const pdf = await call('GET', `/v1/businesses/${acme}/invoices/${acmeInvoice.id}/pdf`, ada);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${acmeInvoice.number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // sealed: a signature over byte ranges, by the platform
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/ByteRange\s*\[/);
    expect(pdf.rawPayload.toString('latin1')).toContain('Countersign-Seal');
    const again = await call('GET', `/v1/businesses/${acme}/invoices/${acmeInvoice.id}/pdf`, ada);
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);

    // another business's invoice, another business, a person's own invoice: none of them are Ada's
    const foreign = await call('GET', `/v1/businesses/${acme}/invoices/${globexInvoice.id}/pdf`, ada);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('invoice.not_found');
    expect((await call('GET', `/v1/businesses/${globex}/invoices`, ada)).json().code).toBe(
      'business.not_found',
    );
    expect(
      (await call('GET', `/v1/businesses/${globex}/invoices/${globexInvoice.id}/pdf`, ada)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/v1/user/invoices/${eveInvoice.id}/pdf`, ada)).json().code).toBe(
      'invoice.not_found',
    );
    expect((await call('GET', '/v1/user/invoices', ada)).json()).toEqual({ invoices: [] });

    expect(
      (await call('GET', '/v1/user/invoices', eve)).json().invoices.map((i: { id: string }) => i.id),
    ).toEqual([eveInvoice.id]);
    expect((await call('GET', `/v1/user/invoices/${eveInvoice.id}/pdf`, eve)).statusCode).toBe(200);
    expect((await call('GET', `/v1/user/invoices/${acmeInvoice.id}/pdf`, eve)).statusCode).toBe(404);
    expect((await call('GET', `/v1/businesses/${acme}/invoices`, eve)).statusCode).toBe(404);
    expect((await call('GET', '/v1/user/invoices')).statusCode).toBe(401);
  });

  it('lists each invoice with its status: paid, open, partly credited, credited; credit notes as issued', async () => {
    const owner = await signUp(t.app, 'ida@example.org', 'Ida');
    const initech = (
      await call('POST', '/v2/businesses', owner, { name: 'initech', accept_gtc: true, accept_dpa: true })
    ).json().id as string;
    const db = t.db.kysely;
    const issue = (paymentId: string | null) =>
      issueInvoice(db, {
        issuer: 'CH',
        customer: customer({ businessId: initech }),
        lines: [line],
        currency: 'CHF',
        paymentId,
        at,
      });
    const paid = await issue('pi_status_paid');
    const open = await issue(null);
    const partly = await issue('pi_status_partly');
    const credited = await issue('pi_status_credited');
    await issueCreditNote(db, {
      invoiceId: partly.id,
      lines: [{ description: 'Goodwill', amountMinor: 1_000, taxMinor: 0 }],
      at,
    });
    const note = await issueCreditNote(db, { invoiceId: credited.id, at });
    const listed = (await call('GET', `/v1/businesses/${initech}/invoices`, owner)).json().invoices as {
      id: string;
      status: string;
    }[];
    const statusOf = (id: string) => listed.find((i) => i.id === id)?.status;
    expect([paid, open, partly, credited, note].map((i) => statusOf(i.id))).toEqual([
      'paid',
      'open',
      'partly_credited',
      'credited',
      'issued',
    ]);
  });
});
