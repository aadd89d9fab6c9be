// The invoice of a paid charge: issued in the transaction that applies the charge, so every charge
// the provider collected (a purchase, seats, a renewal, one approved after 3-D Secure) has exactly
// one invoice, however often its events are delivered. Its total is the charge, which is the
// preview the customer saw. Nothing collected (an amount under the provider's minimum) is not
// invoiced; billing never pays money back (fewer seats and cancelling take effect at the period's
// end, and unused time is set against the next charge), so it issues no credit notes. It is
// written in the language of the person billed (a business's first admin).
import type { Transaction } from 'kysely';
import { isLanguage, type BillingCycle, type Language } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import { formatDay, issueInvoice, type Invoice, type InvoiceCustomer } from '../payments/index.js';
import type { BillingDeps } from './deps.js';
import type { ChargeRecord, ChargeTerms, SubscriptionRecord } from './model.js';
import * as repo from './repo.js';

/** What a charge pays for, as the provider's payment description says it. */
export function describeCharge(kind: ChargeRecord['kind'], terms: ChargeTerms): string {
  const { plan, cycle, seats } = terms;
  const what = `${plan} plan, ${cycle}, ${seats} seat${seats === 1 ? '' : 's'}`;
  if (kind === 'seats') return `Seats: ${what}, for the rest of the period`;
  if (kind === 'renewal') return `Renewal: ${what}`;
  return `Plan: ${what}`;
}

interface LineWords {
  kinds: Record<ChargeRecord['kind'], string>;
  plan: (name: string) => string;
  cycles: Record<BillingCycle, string>;
  seats: (n: number) => string;
  promo: (code: string) => string;
}

const LINE_WORDS: Readonly<Record<Language, LineWords>> = {
  en: {
    kinds: { upgrade: 'Plan', seats: 'Seats for the rest of the period', renewal: 'Renewal' },
    plan: (name) => `${name} plan`,
    cycles: { monthly: 'monthly', yearly: 'yearly' },
    seats: (n) => `${n} seat${n === 1 ? '' : 's'}`,
    promo: (code) => `promo code ${code}`,
  },
  de: {
    kinds: { upgrade: 'Plan', seats: 'Sitze für den Rest der Periode', renewal: 'Verlängerung' },
    plan: (name) => `Plan ${name}`,
    cycles: { monthly: 'monatlich', yearly: 'jährlich' },
    seats: (n) => `${n} ${n === 1 ? 'Sitz' : 'Sitze'}`,
    promo: (code) => `Promo-Code ${code}`,
  },
  fr: {
    kinds: { upgrade: 'Plan', seats: 'Sièges pour le reste de la période', renewal: 'Renouvellement' },
    plan: (name) => `Plan ${name}`,
    cycles: { monthly: 'mensuel', yearly: 'annuel' },
    seats: (n) => `${n} ${n === 1 ? 'siège' : 'sièges'}`,
    promo: (code) => `code promo ${code}`,
  },
  it: {
    kinds: { upgrade: 'Piano', seats: 'Posti per il resto del periodo', renewal: 'Rinnovo' },
    plan: (name) => `Piano ${name}`,
    cycles: { monthly: 'mensile', yearly: 'annuale' },
    seats: (n) => `${n} ${n === 1 ? 'posto' : 'posti'}`,
    promo: (code) => `codice promo ${code}`,
  },
};

/** The invoice line of a charge in `language`: what, which plan, the period, the promo code. */
export function invoiceLineOf(kind: ChargeRecord['kind'], terms: ChargeTerms, language: Language): string {
  const words = LINE_WORDS[language];
  const name = terms.plan.charAt(0).toUpperCase() + terms.plan.slice(1);
  const period = `${formatDay(terms.periodStart, language)} - ${formatDay(terms.periodEnd, language)}`;
  const parts = [
    words.plan(name),
    words.cycles[terms.cycle],
    words.seats(terms.seats),
    period,
    ...(terms.promoCode ? [words.promo(terms.promoCode)] : []),
  ];
  return `${words.kinds[kind]}: ${parts.join(', ')}`;
}

async function customerOf(
  trx: Transaction<Database>,
  subscription: SubscriptionRecord,
): Promise<InvoiceCustomer> {
  const address =
    [subscription.address1, subscription.address2, `${subscription.postalCode} ${subscription.city}`.trim()]
      .filter((part) => part.trim() !== '')
      .join('\n') || null;
  const billed = { address, vatNumber: subscription.vat || null };
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
      language: isLanguage(contact?.lang) ? contact.lang : 'en',
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
    language: isLanguage(person?.lang) ? person.lang : 'en',
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
  const customer = await customerOf(trx, subscription);
  return issueInvoice(trx, {
    issuer: deps.platform,
    customer,
    lines: [
      {
        description: invoiceLineOf(charge.kind, charge.terms, customer.language ?? 'en'),
        amountMinor: charge.amountMinor - charge.taxMinor,
        taxMinor: charge.taxMinor,
      },
    ],
    currency: charge.currency,
    paymentId: charge.paymentId,
    at: deps.clock.now(),
  });
}
