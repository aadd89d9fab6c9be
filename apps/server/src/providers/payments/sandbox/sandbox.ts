// The sandbox payment provider: a real implementation that behaves like Stripe's test mode, with
// its state in our database (it survives restarts) and its pages served by our server. Setup
// intents are completed on the card page with Stripe's test card numbers (cards.ts), 3-D Secure
// is a local page that approves or fails, charges run off-session against the saved card, the
// customer portal changes the card, and every outcome is reported by a signed webhook (webhooks.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { hashToken, newSecretToken } from '../../../lib/tokens.js';
import { MIN_CHARGE_MINOR, type ChargeResult, type PaymentProvider } from '../provider.js';
import { chargeOutcome, readCard, type CardEntry } from './cards.js';
import { newSandboxId } from './ids.js';
import type { MethodRow, PaymentRow, SandboxPaymentsRepo, SetupIntentRow } from './repo.js';
import { SANDBOX_SIGNATURE_HEADER } from './signature.js';
import type { SandboxWebhooks } from './webhooks.js';

/** Where the sandbox's pages live (modules/payments/sandbox-pages.ts serves them). */
export const SANDBOX_PAYMENT_PAGES = '/sandbox/payments';

/** How long a portal link stays usable. */
const PORTAL_SESSION_MS = 60 * 60 * 1000;

export type CardSubmission =
  | { outcome: 'succeeded'; returnUrl: string }
  | { outcome: 'requires_action'; actionUrl: string }
  | { outcome: 'refused'; code: string };

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  readonly webhooks: SandboxWebhooks;
  /** The setup intent a card page shows; a wrong or spent secret is `payment.page_expired`. */
  openSetupIntent(id: string, secret: string): Promise<SetupIntentRow>;
  submitCard(id: string, secret: string, entry: CardEntry): Promise<CardSubmission>;
  /** The 3-D Secure step of a setup intent: approved saves the card, failed does not. */
  authenticateSetup(id: string, secret: string, approve: boolean): Promise<{ returnUrl: string }>;
  openPayment(id: string, secret: string): Promise<PaymentRow>;
  /** The 3-D Secure step of a charge that needed the card holder. */
  authenticatePayment(id: string, secret: string, approve: boolean): Promise<PaymentRow>;
  openPortal(
    id: string,
    secret: string,
  ): Promise<{ customerId: string; customerName: string; returnUrl: string; payments: PaymentRow[] }>;
  /** A new setup intent from the portal, returning to the portal. */
  changeCardFromPortal(id: string, secret: string): Promise<{ redirectUrl: string }>;
}

export function createSandboxPaymentProvider(options: {
  repo: SandboxPaymentsRepo;
  webhooks: SandboxWebhooks;
  clock: Clock;
  publicUrl: string;
  /** keys the links of the 3-D Secure pages of charges, so a repeated charge call can give its link again */
  pageSecret: string;
  /** runs after a charge recorded its event: delivery off the caller's path, or nothing (tests) */
  afterCharge: () => void;
}): SandboxPaymentProvider {
  const { repo, webhooks, clock, publicUrl } = options;
  const now = () => clock.now().toISOString();
  /** The token of a charge's 3-D Secure page: derived, not stored, so it can be given again. */
  const actionToken = (paymentId: string) =>
    createHmac('sha256', options.pageSecret).update(`payment-action:${paymentId}`).digest('base64url');
  const actionUrlOf = (row: PaymentRow) =>
    row.status === 'requires_action' ? paymentActionUrl(publicUrl, row.id, actionToken(row.id)) : null;
  const expired = () => new AppError('payment.page_expired', 'This sandbox page is used up or unknown');

  const setupPage = (id: string, secret: string) =>
    `${publicUrl}${SANDBOX_PAYMENT_PAGES}/setup/${encodeURIComponent(id)}?token=${encodeURIComponent(secret)}`;
  const withResult = (returnUrl: string, id: string, status: 'succeeded' | 'failed') => {
    const url = new URL(returnUrl);
    url.searchParams.set('setup_intent', id);
    url.searchParams.set('redirect_status', status);
    return url.toString();
  };

  async function createSetupIntent(customerId: string, returnUrl: string) {
    if (!(await repo.findCustomer(customerId)))
      throw new AppError('payment.customer_not_found', 'No such sandbox customer');
    const id = newSandboxId('seti');
    const clientSecret = `${id}_secret_${newSecretToken()}`;
    await repo.insertSetupIntent({
      id,
      customer_id: customerId,
      secret_hash: hashToken(clientSecret),
      return_url: returnUrl,
      status: 'requires_payment_method',
      method_id: null,
      failure_code: null,
      created_at: now(),
      updated_at: now(),
    });
    return { setupIntentId: id, clientSecret, redirectUrl: setupPage(id, clientSecret) };
  }

  async function openSetupIntent(id: string, secret: string) {
    const intent = await repo.findSetupIntent(id);
    if (!intent || intent.secret_hash !== hashToken(secret)) throw expired();
    return intent;
  }

  /** Delivers the events a page action caused before the browser goes back to the app. */
  const deliverNow = (eventId: string) => webhooks.deliverDue([eventId]);

  async function failSetup(intent: SetupIntentRow, from: string, code: string): Promise<void> {
    const event = webhooks.event('setup_intent.failed', intent.customer_id, intent.id, code);
    const at = now();
    if (
      await repo.moveSetupIntent(
        intent.id,
        from,
        { status: 'requires_payment_method', failureCode: code, at },
        { event },
      )
    )
      await deliverNow(event.id);
  }

  async function saveCard(intent: SetupIntentRow, from: string, methodId: string, newMethod?: MethodRow) {
    const event = webhooks.event('setup_intent.succeeded', intent.customer_id, intent.id, null);
    const moved = await repo.moveSetupIntent(
      intent.id,
      from,
      { status: 'succeeded', failureCode: null, at: now() },
      { ...(newMethod && { newMethod }), makeDefault: { customerId: intent.customer_id, methodId }, event },
    );
    if (moved) await deliverNow(event.id);
    return moved;
  }

  return {
    name: 'sandbox',
    webhooks,

    async createCustomer(i) {
      const customerId = newSandboxId('cus');
      await repo.insertCustomer({
        id: customerId,
        reference: i.reference,
        email: i.email,
        name: i.name,
        country: i.country,
        default_method_id: null,
        created_at: now(),
      });
      return { customerId };
    },

    createSetupIntent: (i) => createSetupIntent(i.customerId, i.returnUrl),

    async getPaymentMethod(customerId) {
      const method = await repo.defaultMethod(customerId);
      if (!method) return null;
      return {
        id: method.id,
        brand: method.brand,
        last4: method.last4,
        expMonth: Number(method.exp_month),
        expYear: Number(method.exp_year),
      };
    },

    async charge(i): Promise<ChargeResult> {
      if (!Number.isInteger(i.amountMinor) || i.amountMinor < MIN_CHARGE_MINOR)
        throw new AppError(
          'payment.amount_too_small',
          `A charge must be at least ${MIN_CHARGE_MINOR} minor units`,
        );
      const earlier = await repo.findPaymentByKey(i.idempotencyKey);
      if (earlier) return chargeResultOf(earlier, i, actionUrlOf(earlier));
      if (!(await repo.findCustomer(i.customerId)))
        throw new AppError('payment.customer_not_found', 'No such sandbox customer');
      const method = await repo.defaultMethod(i.customerId);
      const outcome = method
        ? chargeOutcome(method.behaviour)
        : ({ status: 'failed', failureCode: 'payment_method_missing' } as const);
      const id = newSandboxId('pi');
      const failureCode = outcome.status === 'failed' ? outcome.failureCode : null;
      const row: PaymentRow = {
        id,
        customer_id: i.customerId,
        method_id: method?.id ?? null,
        amount_minor: i.amountMinor,
        currency: i.currency,
        description: i.description,
        idempotency_key: i.idempotencyKey,
        status: outcome.status,
        failure_code: failureCode,
        created_at: now(),
        updated_at: now(),
      };
      // a charge waiting for its card holder reports nothing until the holder has acted
      const event =
        outcome.status === 'requires_action'
          ? undefined
          : webhooks.event(
              outcome.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
              i.customerId,
              id,
              failureCode,
            );
      if (!(await repo.insertPayment(row, event))) {
        // the same key charged at the same moment by another call: that charge is this one
        const winner = await repo.findPaymentByKey(i.idempotencyKey);
        if (winner) return chargeResultOf(winner, i, actionUrlOf(winner));
      }
      if (event) options.afterCharge();
      return { paymentId: id, status: outcome.status, actionUrl: actionUrlOf(row), failureCode };
    },

    async createPortalSession(i) {
      if (!(await repo.findCustomer(i.customerId)))
        throw new AppError('payment.customer_not_found', 'No such sandbox customer');
      const id = newSandboxId('bps');
      const secret = newSecretToken();
      await repo.insertPortalSession({
        id,
        customer_id: i.customerId,
        secret_hash: hashToken(secret),
        return_url: i.returnUrl,
        expires_at: new Date(clock.now().getTime() + PORTAL_SESSION_MS).toISOString(),
        created_at: now(),
      });
      return { redirectUrl: portalUrl(publicUrl, id, secret) };
    },

    parseWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      return webhooks.parse(rawBody, Array.isArray(header) ? header[0] : header);
    },

    openSetupIntent,

    async submitCard(id, secret, entry) {
      const intent = await openSetupIntent(id, secret);
      if (intent.status !== 'requires_payment_method') throw expired();
      const reading = readCard(entry, clock.now());
      if (!reading.ok) {
        // a number that is not one is the form's fault; a refused card is the bank's answer
        if (reading.code === 'card_declined') await failSetup(intent, intent.status, reading.code);
        return { outcome: 'refused', code: reading.code };
      }
      const { card } = reading;
      if (card.setup === 'declined') {
        await failSetup(intent, intent.status, 'card_declined');
        return { outcome: 'refused', code: 'card_declined' };
      }
      const newMethod = {
        id: newSandboxId('pm'),
        customer_id: intent.customer_id,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        behaviour: card.behaviour,
        created_at: now(),
      };
      if (card.setup === 'authenticate') {
        const waiting = await repo.moveSetupIntent(
          intent.id,
          intent.status,
          { status: 'requires_action', failureCode: null, at: now() },
          { newMethod },
        );
        if (!waiting) throw expired();
        return {
          outcome: 'requires_action',
          actionUrl: `${setupPage(id, secret).replace('?', '/authenticate?')}`,
        };
      }
      if (!(await saveCard(intent, intent.status, newMethod.id, newMethod))) throw expired();
      return { outcome: 'succeeded', returnUrl: withResult(intent.return_url, intent.id, 'succeeded') };
    },

    async authenticateSetup(id, secret, approve) {
      const intent = await openSetupIntent(id, secret);
      if (intent.status !== 'requires_action' || !intent.method_id) throw expired();
      if (!approve) {
        await failSetup(intent, 'requires_action', 'authentication_failed');
        return { returnUrl: withResult(intent.return_url, intent.id, 'failed') };
      }
      if (!(await saveCard(intent, 'requires_action', intent.method_id))) throw expired();
      return { returnUrl: withResult(intent.return_url, intent.id, 'succeeded') };
    },

    async openPayment(id, secret) {
      const payment = await repo.findPayment(id);
      const expected = Buffer.from(actionToken(id));
      const given = Buffer.from(secret);
      if (!payment || payment.status !== 'requires_action') throw expired();
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw expired();
      return payment;
    },

    async authenticatePayment(id, secret, approve) {
      const payment = await this.openPayment(id, secret);
      const failureCode = approve ? null : 'authentication_failed';
      const event = webhooks.event(
        approve ? 'payment.succeeded' : 'payment.failed',
        payment.customer_id,
        payment.id,
        failureCode,
      );
      const status = approve ? 'succeeded' : 'failed';
      if (!(await repo.settlePayment(payment.id, { status, failureCode, at: now() }, event))) throw expired();
      await deliverNow(event.id);
      return { ...payment, status, failure_code: failureCode };
    },

    async openPortal(id, secret) {
      const session = await repo.findPortalSession(id);
      if (!session || session.secret_hash !== hashToken(secret) || session.expires_at <= now())
        throw expired();
      const customer = await repo.findCustomer(session.customer_id);
      if (!customer) throw expired();
      return {
        customerId: customer.id,
        customerName: customer.name,
        returnUrl: session.return_url,
        payments: await repo.recentPayments(customer.id),
      };
    },

    async changeCardFromPortal(id, secret) {
      const portal = await this.openPortal(id, secret);
      const { redirectUrl } = await createSetupIntent(portal.customerId, portalUrl(publicUrl, id, secret));
      return { redirectUrl: redirectUrl! };
    },
  };
}

function portalUrl(publicUrl: string, id: string, secret: string): string {
  return `${publicUrl}${SANDBOX_PAYMENT_PAGES}/portal/${encodeURIComponent(id)}?token=${encodeURIComponent(secret)}`;
}

function paymentActionUrl(publicUrl: string, id: string, secret: string): string {
  return `${publicUrl}${SANDBOX_PAYMENT_PAGES}/payments/${encodeURIComponent(id)}/authenticate?token=${encodeURIComponent(secret)}`;
}

/** A charge asked for again with its idempotency key: the first answer, if the call is the same. */
function chargeResultOf(
  row: PaymentRow,
  i: { customerId: string; amountMinor: number; currency: string },
  actionUrl: string | null,
): ChargeResult {
  if (
    row.customer_id !== i.customerId ||
    Number(row.amount_minor) !== i.amountMinor ||
    row.currency !== i.currency
  )
    throw new AppError('payment.idempotency_conflict', 'This idempotency key was used for another charge');
  return {
    paymentId: row.id,
    status: row.status as ChargeResult['status'],
    actionUrl,
    failureCode: row.failure_code,
  };
}
