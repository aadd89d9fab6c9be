// What billing does with a payment provider's verified event (the payments module calls this in
// the transaction that records the event, so a replay changes nothing): a charge waiting for the
// card holder's 3-D Secure step is applied once paid, or recorded as failed; a failed renewal moves
// the payment state on.
import type { Transaction } from 'kysely';
import { GRACE_DAYS, type Platform } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentEvent } from '../../providers/payments/provider.js';
import { afterEvent, applyPaidCharge } from './charges.js';
import * as repo from './repo.js';
import { saveSubscription } from './subscriptions.js';

const DAY_MS = 86_400_000;

export function createPaymentEventHandler(deps: { clock: Clock; platform: Platform }) {
  return async (event: PaymentEvent, trx: Transaction<Database>): Promise<void> => {
    if (event.type !== 'payment.succeeded' && event.type !== 'payment.failed') return;
    const charge = await repo.findChargeByPayment(trx, event.objectId);
    if (!charge) return;
    if (event.type === 'payment.succeeded') {
      await applyPaidCharge(deps, trx, charge);
      return;
    }
    const now = deps.clock.now();
    const failed = await repo.settleCharge(trx, charge.id, ['pending', 'requires_action'], {
      status: 'failed',
      failureCode: event.failureCode,
      settledAt: now.toISOString(),
    });
    // a purchase or seat change that fails changes nothing; a renewal that fails is past due
    if (!failed || charge.kind !== 'renewal') return;
    const subscription = await repo.findSubscription(trx, charge.subscriptionId);
    if (!subscription) return;
    await saveSubscription({ db: trx, clock: deps.clock }, subscription, {
      ...afterEvent(subscription, 'payment_failed'),
      graceEndsAt: new Date(now.getTime() + GRACE_DAYS * DAY_MS).toISOString(),
    });
  };
}
