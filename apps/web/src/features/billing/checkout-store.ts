// A purchase in progress survives the trips to the payment provider's pages (saving a card, a
// 3-D Secure step): the plan, cycle, seats and promo code chosen are kept in the browser and read
// back when it returns. Nothing about the card is kept here.
import type { BillingCycle } from '@countersign/domain';

/** whose purchase: an individual's plan, a business's plan, or more seats on a business's plan */
export type CheckoutScope = 'individual' | 'business' | 'seats';

export interface CheckoutChoice {
  plan: string;
  cycle: BillingCycle;
  seats: number;
  promoCode: string | null;
  country: string;
}

const keyOf = (scope: CheckoutScope) => `countersign.checkout.${scope}`;

export function saveCheckout(storage: Storage, scope: CheckoutScope, choice: CheckoutChoice): void {
  storage.setItem(keyOf(scope), JSON.stringify(choice));
}

export function readCheckout(storage: Storage, scope: CheckoutScope): CheckoutChoice | null {
  try {
    const value = JSON.parse(storage.getItem(keyOf(scope)) ?? 'null') as Partial<CheckoutChoice> | null;
    if (
      value &&
      typeof value.plan === 'string' &&
      (value.cycle === 'monthly' || value.cycle === 'yearly') &&
      Number.isInteger(value.seats) &&
      typeof value.country === 'string'
    ) {
      return {
        plan: value.plan,
        cycle: value.cycle,
        seats: value.seats as number,
        promoCode: typeof value.promoCode === 'string' ? value.promoCode : null,
        country: value.country,
      };
    }
  } catch {
    // an unreadable value: start afresh
  }
  return null;
}

export function forgetCheckout(storage: Storage, scope: CheckoutScope): void {
  storage.removeItem(keyOf(scope));
}

/** What the card page said on the way back (`redirect_status` of the return address). */
export function cardReturnStatus(search: URLSearchParams): 'succeeded' | 'failed' | null {
  const status = search.get('redirect_status');
  return status === 'succeeded' || status === 'failed' ? status : null;
}
