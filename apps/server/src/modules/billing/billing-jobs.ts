// The billing jobs, on the app's clock (tests move it): businesses get their trial subscription;
// trials that ran out need a payment method (NEEDS_PAYMENT_METHOD); grace periods that ran out
// lock (BLOCKED); paid periods that end renew through the provider (a failure is past due and
// starts the grace period) or end when cancelled.
import { addCycle, GRACE_DAYS, periodPrice, taxFor, taxOn } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import { chargeQuote, afterEvent } from './charges.js';
import type { BillingDeps } from './deps.js';
import type { SubscriptionRecord } from './model.js';
import type { Quote } from './quotes.js';
import * as repo from './repo.js';
import { businessSubscription, saveSubscription } from './subscriptions.js';

const DAY_MS = 86_400_000;
const BATCH = 200;

export interface BillingJobReport {
  trialsStarted: number;
  trialsEnded: number;
  locked: number;
  renewed: number;
  renewalsFailed: number;
  ended: number;
}

export async function runBillingJobs(deps: BillingDeps): Promise<BillingJobReport> {
  const report: BillingJobReport = {
    trialsStarted: 0,
    trialsEnded: 0,
    locked: 0,
    renewed: 0,
    renewalsFailed: 0,
    ended: 0,
  };
  const now = deps.clock.now();
  const iso = now.toISOString();
  for (const business of await repo.businessesWithoutSubscription(deps.db, BATCH)) {
    await businessSubscription(deps, business.id);
    report.trialsStarted++;
  }
  const grace = new Date(now.getTime() + GRACE_DAYS * DAY_MS).toISOString();
  for (const subscription of await repo.listDue(deps.db, {
    column: 'trial_ends_at',
    states: ['TRIALING'],
    now: iso,
    limit: BATCH,
  })) {
    if (
      await tryToSave(deps, subscription, { ...afterEvent(subscription, 'trial_ended'), graceEndsAt: grace })
    ) {
      report.trialsEnded++;
    }
  }
  for (const subscription of await repo.listDue(deps.db, {
    column: 'grace_ends_at',
    states: ['NEEDS_PAYMENT_METHOD'],
    now: iso,
    limit: BATCH,
  })) {
    if (
      await tryToSave(deps, subscription, { ...afterEvent(subscription, 'grace_ended'), graceEndsAt: null })
    ) {
      report.locked++;
    }
  }
  for (const subscription of await repo.listDue(deps.db, {
    column: 'period_end',
    states: ['STRIPE', 'CHARGEBEE', 'MANUAL'],
    now: iso,
    limit: BATCH,
  })) {
    const outcome = await renew(deps, subscription);
    if (outcome) report[outcome]++;
  }
  return report;
}

/** A job's write loses to any change made meanwhile; the next run sees the subscription again. */
async function tryToSave(deps: BillingDeps, read: SubscriptionRecord, changes: Partial<SubscriptionRecord>) {
  try {
    await saveSubscription(deps, read, changes);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'billing.stale_timestamp') return false;
    throw err;
  }
}

async function renew(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
): Promise<'renewed' | 'renewalsFailed' | 'ended' | null> {
  if (await repo.findOpenCharge(deps.db, subscription.id)) return null;
  // A business being deleted is not charged while an admin may still revoke the deletion (the
  // renewal comes once they do); a deleted one's subscription ends (ADR 061).
  const tenant = subscription.businessId ? await deps.tenants(subscription.businessId) : undefined;
  if (tenant?.status === 'deletion_pending') return null;
  const isDeleted = subscription.businessId !== null && !tenant;
  if (
    isDeleted ||
    subscription.nextPlan === 'CANCELED' ||
    subscription.cycle === null ||
    !subscription.periodEnd
  ) {
    const ended = await tryToSave(deps, subscription, {
      ...afterEvent(subscription, 'subscription_ended'),
      nextPlan: null,
    });
    return ended ? 'ended' : null;
  }
  const plan = subscription.nextPlan ?? subscription.plan;
  const start = new Date(subscription.periodEnd);
  const end = addCycle(start, subscription.cycle);
  const net = periodPrice(plan, subscription.cycle, subscription.currency, subscription.seats) ?? 0;
  const tax = taxFor(deps.platform, {
    country: subscription.country || 'CH',
    vatNumber: subscription.vat || null,
  });
  const taxMinor = taxOn(net, tax);
  const quote: Quote = {
    preview: {
      plan,
      cycle: subscription.cycle,
      currency: subscription.currency,
      seats: subscription.seats,
      subtotalMinor: net,
      creditMinor: 0,
      discountMinor: 0,
      taxMinor,
      taxRateBasisPoints: tax.rateBasisPoints,
      reverseCharge: tax.reverseCharge,
      totalMinor: net + taxMinor,
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
      nextInvoiceAt: end.toISOString(),
      recurringMinor: net,
      promoCode: null,
    },
    terms: {
      plan,
      cycle: subscription.cycle,
      currency: subscription.currency,
      seats: subscription.seats,
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
      promoCode: null,
    },
  };
  if (subscription.paymentState === 'MANUAL') {
    // invoiced by hand: the period moves on, the invoice is the operator's
    return (await tryToSave(deps, subscription, {
      plan,
      periodStart: quote.terms.periodStart,
      periodEnd: quote.terms.periodEnd,
      nextPlan: null,
    }))
      ? 'renewed'
      : null;
  }
  try {
    const outcome = await chargeQuote(deps, subscription, 'renewal', quote);
    if (outcome.status === 'succeeded') return 'renewed';
    // waiting for the card holder: the grace period runs meanwhile
    await tryToSave(deps, outcome.subscription, {
      ...afterEvent(outcome.subscription, 'payment_requires_action'),
      graceEndsAt: new Date(deps.clock.now().getTime() + GRACE_DAYS * DAY_MS).toISOString(),
    });
    return 'renewalsFailed';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'billing.stale_timestamp' || err.code === 'billing.payment_pending') return null;
    // declined, or no card any more: past due, and locked when the grace period ends
    const current = (await repo.findSubscription(deps.db, subscription.id)) ?? subscription;
    await tryToSave(deps, current, {
      ...afterEvent(current, 'payment_failed'),
      graceEndsAt: new Date(deps.clock.now().getTime() + GRACE_DAYS * DAY_MS).toISOString(),
    });
    deps.log.info({ subscription: subscription.id, code: err.code }, 'a renewal failed');
    return 'renewalsFailed';
  }
}
