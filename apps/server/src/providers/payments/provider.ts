// The payment provider: what billing needs from a card processor, and nothing of any one
// processor's vocabulary. Two implementations: the sandbox (sandbox.ts), which behaves like
// Stripe's test mode with its own local pages, and the Stripe adapter (stripe.ts). Billing decides
// amounts and asks the provider to collect them; what the provider learns later (a card saved, a
// payment that needed the card holder) reaches billing as a verified webhook event.

export type Currency = 'EUR' | 'CHF';

export type PaymentProviderName = 'sandbox' | 'stripe';

/**
 * The smallest amount a card charge may be, in minor units of EUR or CHF (Stripe's minimum of
 * 0.50; the sandbox keeps the same rule so that nothing works there that Stripe refuses).
 */
export const MIN_CHARGE_MINOR = 50;

export interface SavedPaymentMethod {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeResult {
  paymentId: string;
  /** requires_action: the card holder must confirm (3-D Secure) at `actionUrl` */
  status: 'succeeded' | 'requires_action' | 'failed';
  actionUrl: string | null;
  /** the processor's decline code (card_declined, insufficient_funds, ...) when failed */
  failureCode: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCustomer(i: {
    reference: string;
    email: string;
    name: string;
    country: string;
  }): Promise<{ customerId: string }>;
  /** Starts saving a card; the browser completes it at `redirectUrl` (sandbox page) or with Stripe.js (`clientSecret`). */
  createSetupIntent(i: {
    customerId: string;
    country: string;
    returnUrl: string;
  }): Promise<{ setupIntentId: string; clientSecret: string; redirectUrl: string | null }>;
  /** The saved payment method's state (after the setup intent succeeded). */
  getPaymentMethod(customerId: string): Promise<SavedPaymentMethod | null>;
  /** Collects an amount (minor units) off-session; idempotent by key. 3-D Secure: `requires_action` with a URL. */
  charge(i: {
    customerId: string;
    amountMinor: number;
    currency: Currency;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  createPortalSession(i: { customerId: string; returnUrl: string }): Promise<{ redirectUrl: string }>;
  /**
   * Verifies the signature of a webhook delivery and parses it; throws AppError on a bad one.
   * Null: a verified event of a kind billing does not act on (acknowledged, not applied).
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent | null;
}

export type PaymentEventType =
  'setup_intent.succeeded' | 'setup_intent.failed' | 'payment.succeeded' | 'payment.failed';

export interface PaymentEvent {
  /** unique per event: a replay changes nothing */
  id: string;
  type: PaymentEventType;
  customerId: string;
  /** the setup intent's or the payment's id */
  objectId: string;
  failureCode: string | null;
}
