// Saving a card (setup intents), the customer portal, promo-code checks and referral codes.
import { randomBytes } from 'node:crypto';
import type { CardReturnPath } from '@countersign/contract';
import { promoStatus, type BillingCycle, type PlanId } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import { settingsOfBusiness } from '../businesses/index.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { loadSubscription } from './business-billing.js';
import { requireProvider } from './charges.js';
import type { BillingDeps } from './deps.js';
import type { SubscriptionRecord } from './model.js';
import { applicablePromo } from './codes.js';
import * as repo from './repo.js';
import { saveSubscription } from './subscriptions.js';

/** The provider's customer for a subscription, made on first need and kept. */
export async function ensureCustomer(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
  contact: { email: string; name: string; country: string },
): Promise<SubscriptionRecord> {
  if (subscription.customerId) return subscription;
  const provider = requireProvider(deps);
  const { customerId } = await provider.createCustomer({ reference: subscription.id, ...contact });
  try {
    return await saveSubscription(deps, subscription, { customerId });
  } catch (err) {
    // two first setup intents at once: the one that wrote first is the customer
    const current = await repo.findSubscription(deps.db, subscription.id);
    if (current?.customerId) return current;
    throw err;
  }
}

export async function startSetupIntent(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
  contact: { email: string; name: string; country: string },
  returnPath: string,
) {
  const withCustomer = await ensureCustomer(deps, subscription, contact);
  return requireProvider(deps).createSetupIntent({
    customerId: withCustomer.customerId!,
    country: contact.country,
    returnUrl: new URL(returnPath, deps.publicUrl).toString(),
  });
}

export async function createBusinessSetupIntent(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: { country: string; returnTo?: CardReturnPath | undefined },
) {
  const subscription = await loadSubscription(deps, principal, businessId, 'manage_billing');
  const contact = await repo.businessContact(deps.db, businessId);
  // back to where the card was asked for: a checkout continues with the card, not on another page
  return startSetupIntent(
    deps,
    subscription,
    { email: contact?.email ?? principal.email, name: contact?.name ?? '', country: input.country },
    input.returnTo ?? '/business/billing/plan',
  );
}

export async function portalSession(deps: BillingDeps, principal: PersonPrincipal, businessId: string) {
  const subscription = await loadSubscription(deps, principal, businessId, 'manage_billing');
  if (!subscription.customerId) throw new AppError('billing.payment_method_required', 'Save a card first');
  return requireProvider(deps).createPortalSession({
    customerId: subscription.customerId,
    returnUrl: new URL('/business/billing/plan', deps.publicUrl).toString(),
  });
}

export async function validatePromo(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: { promoCode: string; plan: PlanId; cycle: BillingCycle },
) {
  const subscription = await loadSubscription(deps, principal, businessId, 'change_plan');
  const promo = await applicablePromo(deps, input.promoCode, {
    plan: input.plan,
    cycle: input.cycle,
    seats: subscription.seats,
    currency: subscription.currency,
    buyer: { userId: principal.userId, ip: principal.ip, businessId },
  });
  return {
    promoCode: promo.code,
    type: promo.discount.type,
    value: promo.discount.type === 'percent' ? promo.discount.basisPoints : promo.discount.amountMinor,
    status: promoStatus(promo),
    expiresAt: promo.expiresAt,
  };
}

/** The business's referral code, made on first ask: 10 random base32 characters. */
export async function referralCode(deps: BillingDeps, principal: PersonPrincipal, businessId: string) {
  const subscription = await loadSubscription(deps, principal, businessId, 'manage_billing');
  // ADR 104: only a business that joined the referral programme (`affiliate.enabled`) hands out a code
  if (!(await settingsOfBusiness(deps.db, businessId))?.affiliate.enabled) {
    throw new AppError(
      'billing.referral_programme_off',
      'The business takes no part in the referral programme: turn on affiliate.enabled in its settings',
    );
  }
  if (subscription.referralCode) return { referralCode: subscription.referralCode };
  const code = base32(randomBytes(10)).slice(0, 10);
  try {
    const saved = await saveSubscription(deps, subscription, { referralCode: code });
    return { referralCode: saved.referralCode! };
  } catch (err) {
    const current = await repo.findSubscription(deps.db, subscription.id);
    if (current?.referralCode) return { referralCode: current.referralCode };
    throw err;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function base32(bytes: Buffer): string {
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}
