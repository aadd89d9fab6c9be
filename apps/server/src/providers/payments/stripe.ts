// The Stripe adapter on the official `stripe` package: customers, setup intents completed in the
// browser with Stripe.js, off-session payment intents, billing portal sessions, and webhooks
// checked with `webhooks.constructEvent`. Stripe's answers are mapped to the provider interface;
// its errors never reach a caller with the key or a stack in them.
import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import {
  MIN_CHARGE_MINOR,
  type ChargeResult,
  type PaymentEvent,
  type PaymentProvider,
  type SavedPaymentMethod,
} from './provider.js';
import { SIGNATURE_TOLERANCE_SECONDS } from './sandbox/signature.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** another API server (tests answer Stripe's calls locally) */
  apiBase?: string | undefined;
  clock: Clock;
}

/** The SDK's connection options for STRIPE_API_BASE (http://localhost:12111, say). */
function connectionOf(apiBase: string | undefined): Partial<Stripe.StripeConfig> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** A card refusal as the interface names it: the bank's decline code, else Stripe's error code. */
const failureCodeOf = (
  error: { decline_code?: string | undefined; code?: string | undefined } | null | undefined,
) => error?.decline_code ?? error?.code ?? 'card_declined';

function paymentMethodOf(pm: Stripe.PaymentMethod | string | null | undefined): SavedPaymentMethod | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return {
    id: pm.id,
    brand: pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded')
    return { paymentId: intent.id, status: 'succeeded', actionUrl: null, failureCode: null };
  if (intent.status === 'requires_action' || intent.status === 'processing') {
    // a redirect Stripe offers is the card holder's page; otherwise Stripe.js confirms on-session
    const redirect = intent.next_action?.redirect_to_url?.url ?? null;
    return { paymentId: intent.id, status: 'requires_action', actionUrl: redirect, failureCode: null };
  }
  return {
    paymentId: intent.id,
    status: 'failed',
    actionUrl: null,
    failureCode: failureCodeOf(intent.last_payment_error),
  };
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...connectionOf(options.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  /** Runs a Stripe call; a failure other than a card's is the provider's, said without details. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing')
        throw new AppError('payment.customer_not_found', `Stripe knows no such object (${what})`);
      if (err instanceof Stripe.errors.StripeIdempotencyError)
        throw new AppError(
          'payment.idempotency_conflict',
          'This idempotency key was used for another charge',
        );
      if (err instanceof Stripe.errors.StripeError)
        throw new AppError(
          'payment.provider_failed',
          `Stripe refused ${what}: ${err.type} ${err.code ?? ''}`.trim(),
        );
      throw err;
    }
  }

  async function defaultMethod(customerId: string): Promise<Stripe.PaymentMethod | null> {
    const customer = await call('the customer', () =>
      stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }),
    );
    if (customer.deleted) throw new AppError('payment.customer_not_found', 'The Stripe customer was deleted');
    const chosen = customer.invoice_settings.default_payment_method;
    if (chosen && typeof chosen !== 'string') return chosen;
    // no default chosen (in the portal, say): the card saved last, as a setup intent leaves it
    const cards = await call('the payment methods', () =>
      stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 1 }),
    );
    return cards.data[0] ?? null;
  }

  return {
    name: 'stripe',

    async createCustomer(i) {
      const customer = await call('the customer', () =>
        stripe.customers.create({
          email: i.email,
          name: i.name,
          address: { country: i.country },
          metadata: { reference: i.reference },
        }),
      );
      return { customerId: customer.id };
    },

    async createSetupIntent(i) {
      const intent = await call('the setup intent', () =>
        stripe.setupIntents.create({
          customer: i.customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: { country: i.country, return_url: i.returnUrl },
        }),
      );
      if (!intent.client_secret)
        throw new AppError('payment.provider_failed', 'Stripe gave no client secret');
      return { setupIntentId: intent.id, clientSecret: intent.client_secret, redirectUrl: null };
    },

    getPaymentMethod: async (customerId) => paymentMethodOf(await defaultMethod(customerId)),

    async charge(i) {
      if (!Number.isInteger(i.amountMinor) || i.amountMinor < MIN_CHARGE_MINOR)
        throw new AppError(
          'payment.amount_too_small',
          `A charge must be at least ${MIN_CHARGE_MINOR} minor units`,
        );
      const method = await defaultMethod(i.customerId);
      if (!method)
        return { paymentId: '', status: 'failed', actionUrl: null, failureCode: 'payment_method_missing' };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: i.amountMinor,
            currency: i.currency.toLowerCase(),
            customer: i.customerId,
            payment_method: method.id,
            description: i.description,
            off_session: true,
            confirm: true,
          },
          { idempotencyKey: i.idempotencyKey },
        );
        return resultOf(intent);
      } catch (err) {
        // a refused card comes as an error carrying the payment intent it left behind
        if (err instanceof Stripe.errors.StripeCardError) {
          const intent = err.payment_intent;
          if (err.code === 'authentication_required' && intent)
            return { ...resultOf({ ...intent, status: 'requires_action' }), failureCode: null };
          return {
            paymentId: intent?.id ?? '',
            status: 'failed',
            actionUrl: null,
            failureCode: failureCodeOf(err),
          };
        }
        return call('the payment', () => Promise.reject(err));
      }
    },

    async createPortalSession(i) {
      const session = await call('the portal session', () =>
        stripe.billingPortal.sessions.create({ customer: i.customerId, return_url: i.returnUrl }),
      );
      return { redirectUrl: session.url };
    },

    parseWebhook(rawBody, headers) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers['stripe-signature'] ?? '',
          options.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          // the SDK takes milliseconds here; our clock, so tests can move it
          options.clock.now().getTime(),
        );
      } catch {
        throw new AppError('payment.webhook_invalid', 'The Stripe signature is missing, wrong or too old');
      }
      return eventOf(event);
    },
  };
}

const customerIdOf = (customer: string | { id: string } | null) =>
  (typeof customer === 'string' ? customer : customer?.id) ?? '';

/** Stripe's event as the interface's, or null for a kind billing does not act on. */
export function eventOf(event: Stripe.Event): PaymentEvent | null {
  const base = { id: event.id };
  switch (event.type) {
    case 'setup_intent.succeeded':
    case 'setup_intent.setup_failed': {
      const intent = event.data.object;
      const failed = event.type === 'setup_intent.setup_failed';
      return {
        ...base,
        type: failed ? 'setup_intent.failed' : 'setup_intent.succeeded',
        customerId: customerIdOf(intent.customer),
        objectId: intent.id,
        failureCode: failed ? failureCodeOf(intent.last_setup_error) : null,
      };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const failed = event.type === 'payment_intent.payment_failed';
      return {
        ...base,
        type: failed ? 'payment.failed' : 'payment.succeeded',
        customerId: customerIdOf(intent.customer),
        objectId: intent.id,
        failureCode: failed ? failureCodeOf(intent.last_payment_error) : null,
      };
    }
    default:
      return null;
  }
}
