// What a business's own payload carries of its plan and billing (spec 3 Business.pricePlan,
// billing and stripe), presented as the billing calls present them: the plan for its admins and
// members (whether it is locked), the billing details and the provider's state for its admins only.
import type { StripeInfo } from '@countersign/contract';
import type { BusinessBillingView } from '../businesses/index.js';
import type { BillingDeps } from './deps.js';
import type { SubscriptionRecord } from './model.js';
import { presentBilling } from './presenter.js';
import * as repo from './repo.js';
import { businessSubscription, presentPricePlan } from './subscriptions.js';

/** Spec 3 `stripe`: the portal to open, why the last charge failed, and the subscription's status. */
async function presentStripe(deps: BillingDeps, subscription: SubscriptionRecord): Promise<StripeInfo> {
  const last = await repo.lastChargeOf(deps.db, subscription.id);
  return {
    customerPortalUrl:
      deps.provider && subscription.customerId && subscription.businessId
        ? `${deps.publicUrl}/v2/businesses/${subscription.businessId}/stripe/cpsession`
        : null,
    subscriptionErrorCode: last?.status === 'failed' ? last.failureCode : null,
    subscriptionStatus: subscription.subscriptionStatus,
  };
}

export function createBusinessBillingView(deps: BillingDeps): BusinessBillingView {
  return {
    async describe(businessId, role) {
      const subscription = await businessSubscription(deps, businessId);
      const pricePlan = await presentPricePlan(deps, subscription);
      if (role !== 'admin') return { pricePlan, billing: null, stripe: null };
      return {
        pricePlan,
        billing: await presentBilling(deps, subscription),
        stripe: await presentStripe(deps, subscription),
      };
    },
  };
}
