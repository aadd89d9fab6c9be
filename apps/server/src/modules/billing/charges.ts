// Collecting what billing decided: a charge is recorded with the terms it pays for, the provider is
// asked to collect it (idempotent by the charge's id), and the terms are applied once it succeeded,
// at once or when the card holder's 3-D Secure step is approved (the provider's webhook). A
// declined card records the charge as failed and changes nothing else.
import type { Kysely, Transaction } from 'kysely';
import { transitionPayment, type PaymentEvent as StateEvent } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import { MIN_CHARGE_MINOR } from '../../providers/payments/provider.js';
import type { BillingDeps } from './deps.js';
import type { ChargeRecord, ChargeTerms, SubscriptionRecord } from './model.js';
import { describeCharge, invoiceCharge } from './invoicing.js';
import type { Quote } from './quotes.js';
import * as repo from './repo.js';
import { saveSubscription } from './subscriptions.js';

type Db = Kysely<Database> | Transaction<Database>;

export type ChargeOutcome =
  | { status: 'succeeded'; subscription: SubscriptionRecord }
  | { status: 'requires_action'; actionUrl: string; subscription: SubscriptionRecord };

/** The subscription as it stands after a payment state event; unchanged when the machine refuses it. */
export function afterEvent(subscription: SubscriptionRecord, event: StateEvent): Partial<SubscriptionRecord> {
  const result = transitionPayment(
    { state: subscription.paymentState, subscriptionStatus: subscription.subscriptionStatus },
    event,
  );
  return result.ok
    ? { paymentState: result.next.state, subscriptionStatus: result.next.subscriptionStatus }
    : {};
}

/** The subscription once a charge for `terms` is paid. */
export function withTerms(subscription: SubscriptionRecord, terms: ChargeTerms): Partial<SubscriptionRecord> {
  return {
    plan: terms.plan,
    cycle: terms.cycle,
    currency: terms.currency,
    seats: terms.seats,
    periodStart: terms.periodStart,
    periodEnd: terms.periodEnd,
    promoCode: terms.promoCode ?? subscription.promoCode,
    referredBy: subscription.referredBy ?? terms.referredBy ?? null,
    trialEndsAt: null,
    graceEndsAt: null,
    ...(subscription.nextPlan === 'CANCELED' || subscription.nextPlan === terms.plan
      ? {}
      : { nextPlan: null }),
    ...afterEvent(subscription, 'payment_succeeded'),
  };
}

/**
 * Applies a paid charge to the subscription as it stands now (terms are whole: plan, seats and
 * period, so applying them over a change made meanwhile is still right), re-reading on a lost race,
 * and issues its invoice in the same transaction: once, whichever of the API answer and the
 * provider's events (and their replays) comes first.
 */
export async function applyPaidCharge(
  deps: Pick<BillingDeps, 'clock' | 'platform'>,
  trx: Transaction<Database>,
  charge: ChargeRecord,
): Promise<void> {
  const now = deps.clock.now().toISOString();
  if (
    !(await repo.settleCharge(trx, charge.id, ['pending', 'requires_action'], {
      status: 'succeeded',
      settledAt: now,
    }))
  ) {
    return; // applied already (the webhook of a charge that succeeded at once)
  }
  if (charge.terms.promoCode) {
    // the code was checked when quoted; a race for its last use is lost here after the customer
    // paid the discounted price, which we honour
    await repo.redeemPromo(trx, {
      code: charge.terms.promoCode,
      subscriptionId: charge.subscriptionId,
      chargeId: charge.id,
      now,
    });
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await repo.findSubscription(trx, charge.subscriptionId);
    if (!current) return;
    try {
      const saved = await saveSubscription(
        { db: trx, clock: deps.clock },
        current,
        withTerms(current, charge.terms),
      );
      await invoiceCharge(deps, trx, charge, saved);
      return;
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'billing.stale_timestamp')) throw err;
    }
  }
  throw new Error(`the subscription ${charge.subscriptionId} kept changing while a paid charge was applied`);
}

/** The customer's saved card, or 409 billing.payment_method_required. */
export async function requireCard(deps: BillingDeps, subscription: SubscriptionRecord) {
  const provider = requireProvider(deps);
  const card = subscription.customerId ? await provider.getPaymentMethod(subscription.customerId) : null;
  if (!card || !subscription.customerId) {
    throw new AppError('billing.payment_method_required', 'Save a card first (setup intent)');
  }
  return { provider, customerId: subscription.customerId, card };
}

export function requireProvider(deps: BillingDeps) {
  if (!deps.provider) throw new AppError('service.unavailable', 'This installation takes no payments');
  return deps.provider;
}

/** 409 billing.seats_below_people when `seats` cannot hold the business's people and open invitations. */
export async function requireRoomForPeople(db: Db, businessId: string, seats: number): Promise<void> {
  const taken = await repo.seatsTaken(db, businessId);
  if (seats < taken.people + taken.pendingInvitations) {
    throw new AppError('billing.seats_below_people', 'Fewer seats than people and open invitations');
  }
}

/**
 * Claims the subscription's version and records the pending charge, under the business's seat
 * lock (ADR 055): the new seats must hold the people and open invitations counted there, and from
 * then on the open charge holds the seats to its terms (`withSeats`) until it settles, so an
 * invitation sent while the change is charged cannot take a seat the change takes away.
 */
async function recordCharge(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
  kind: ChargeRecord['kind'],
  amounts: Pick<ChargeRecord, 'terms' | 'amountMinor' | 'taxMinor'>,
): Promise<ChargeRecord> {
  return deps.db.transaction().execute(async (trx) => {
    const { businessId } = subscription;
    // a renewal keeps the seats it has, even where an operator left more people than seats
    if (businessId && kind !== 'renewal') {
      await repo.lockSeats(trx, businessId);
      await requireRoomForPeople(trx, businessId, amounts.terms.seats);
      await deps.failpoint?.('billing.seats_checked');
    }
    const claimed = await saveSubscription({ db: trx, clock: deps.clock }, subscription, {});
    const charge: ChargeRecord = {
      id: newId(),
      subscriptionId: subscription.id,
      kind,
      ...amounts,
      currency: amounts.terms.currency,
      status: 'pending',
      paymentId: null,
      actionUrl: null,
      failureCode: null,
      basedOn: claimed.updatedAt,
      createdAt: deps.clock.now().toISOString(),
      settledAt: null,
    };
    await repo.insertCharge(trx, charge);
    return charge;
  });
}

/**
 * Charges a quote against `subscription` (read at the version the caller checked) and applies it
 * when paid. The version moves first, compare-and-set, so a second change based on the same
 * version is refused (409) before anything is charged.
 */
export async function chargeQuote(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
  kind: ChargeRecord['kind'],
  quote: Quote,
): Promise<ChargeOutcome> {
  if (await repo.findOpenCharge(deps.db, subscription.id)) {
    throw new AppError('billing.payment_pending', 'An earlier change waits for its 3-D Secure step');
  }
  const total = quote.preview.totalMinor;
  // an amount the provider cannot collect (under its minimum) is not charged: the change is made
  const needsPayment = total >= MIN_CHARGE_MINOR;
  const card = needsPayment ? await requireCard(deps, subscription) : null;
  const charge = await recordCharge(deps, subscription, kind, {
    terms: quote.terms,
    amountMinor: needsPayment ? total : 0,
    taxMinor: needsPayment ? quote.preview.taxMinor : 0,
  });
  if (!card) {
    await deps.db.transaction().execute((trx) => applyPaidCharge(deps, trx, charge));
    return { status: 'succeeded', subscription: await reread(deps, subscription.id) };
  }
  const result = await card.provider.charge({
    customerId: card.customerId,
    amountMinor: total,
    currency: charge.currency,
    description: describeCharge(kind, quote.terms),
    idempotencyKey: charge.id,
  });
  if (result.status === 'failed') {
    await repo.settleCharge(deps.db, charge.id, ['pending'], {
      status: 'failed',
      paymentId: result.paymentId,
      failureCode: result.failureCode,
      settledAt: deps.clock.now().toISOString(),
    });
    throw new AppError('billing.payment_declined', 'The card was declined; nothing was changed', {
      failureCode: result.failureCode,
    });
  }
  if (result.status === 'requires_action') {
    await repo.settleCharge(deps.db, charge.id, ['pending'], {
      status: 'requires_action',
      paymentId: result.paymentId,
      actionUrl: result.actionUrl,
    });
    return {
      status: 'requires_action',
      actionUrl: result.actionUrl ?? '',
      subscription: await reread(deps, subscription.id),
    };
  }
  await repo.settleCharge(deps.db, charge.id, ['pending'], {
    status: 'pending',
    paymentId: result.paymentId,
  });
  await deps.db
    .transaction()
    .execute((trx) => applyPaidCharge(deps, trx, { ...charge, paymentId: result.paymentId }));
  return { status: 'succeeded', subscription: await reread(deps, subscription.id) };
}

async function reread(deps: BillingDeps, id: string): Promise<SubscriptionRecord> {
  const subscription = await repo.findSubscription(deps.db, id);
  if (!subscription) throw new Error(`the subscription ${id} disappeared`);
  return subscription;
}
