// The invoice of a paid charge: issued in the transaction that applies the charge, so every charge
// the provider collected (a purchase, seats, a renewal, one approved after 3-D Secure) has exactly
// one invoice, however often its events are delivered. Its total is the charge, which is the
// preview the customer saw. Nothing collected (an amount under the provider's minimum) is not
// invoiced; billing never pays money back (fewer seats and cancelling take effect at the period's
// end, and unused time is set against the next charge), so it issues no credit notes.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { issueInvoice, type Invoice, type InvoiceCustomer } from '../payments/issue-invoice.js';
import type { BillingDeps } from './deps.js';
import type { ChargeRecord, ChargeTerms, SubscriptionRecord } from './model.js';
import * as repo from './repo.js';

/** What a charge pays for, as its invoice line and the provider's payment description say it. */
export function describeCharge(kind: ChargeRecord['kind'], terms: ChargeTerms): string {
  const { plan, cycle, seats } = terms;
  const what = `${plan} plan, ${cycle}, ${seats} seat${seats === 1 ? '' : 's'}`;
  if (kind === 'seats') return `Seats: ${what}, for the rest of the period`;
  if (kind === 'renewal') return `Renewal: ${what}`;
  return `Plan: ${what}`;
}

function periodOf(terms: ChargeTerms): string {
  return `${terms.periodStart.slice(0, 10)} to ${terms.periodEnd.slice(0, 10)}`;
}

async function customerOf(
  trx: Transaction<Database>,
  subscription: SubscriptionRecord,
): Promise<InvoiceCustomer> {
  const address =
    [subscription.address1, subscription.address2, `${subscription.postalCode} ${subscription.city}`.trim()]
      .filter((part) => part.trim() !== '')
      .join('\n') || null;
  const billed = {
    address,
    vatNumber: subscription.vat || null,
  };
  if (subscription.businessId) {
    const contact = await repo.businessContact(trx, subscription.businessId);
    const business = await repo.findBusiness(trx, subscription.businessId);
    return {
      ...billed,
      businessId: subscription.businessId,
      userId: null,
      name: business?.name ?? contact?.name ?? '',
      email: contact?.email ?? '',
      country: subscription.country || business?.country || '',
    };
  }
  const person = subscription.userId ? await repo.userContact(trx, subscription.userId) : undefined;
  return {
    ...billed,
    businessId: null,
    userId: subscription.userId,
    name: person?.name || person?.email || '',
    email: person?.email ?? '',
    country: subscription.country,
  };
}

/** Issues the invoice of a charge the provider collected; the same payment asked again is that invoice. */
export async function invoiceCharge(
  deps: Pick<BillingDeps, 'clock' | 'platform'>,
  trx: Transaction<Database>,
  charge: ChargeRecord,
  subscription: SubscriptionRecord,
): Promise<Invoice | null> {
  if (!charge.paymentId || charge.amountMinor === 0) return null;
  const promo = charge.terms.promoCode ? `, promo code ${charge.terms.promoCode}` : '';
  return issueInvoice(trx, {
    issuer: deps.platform,
    customer: await customerOf(trx, subscription),
    lines: [
      {
        description: `${describeCharge(charge.kind, charge.terms)} (${periodOf(charge.terms)}${promo})`,
        amountMinor: charge.amountMinor - charge.taxMinor,
        taxMinor: charge.taxMinor,
      },
    ],
    currency: charge.currency,
    paymentId: charge.paymentId,
    at: deps.clock.now(),
  });
}
