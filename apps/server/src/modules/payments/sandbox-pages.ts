// The sandbox payment provider's own pages, in place of Stripe's: card entry for a setup intent,
// the 3-D Secure step (approve or fail) of a setup or a charge, and the customer portal (the card
// on file, changing it, the payments made). Served only while the sandbox is the provider, and
// like every /sandbox/ page only to this machine unless SANDBOX_ACCESS=anyone (ADR 038). Each page
// takes its object's secret in `token`, which request logs never show.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { escapeHtml } from '../../lib/html.js';
import { TEST_CARD_HINTS } from '../../providers/payments/sandbox/cards.js';
import {
  SANDBOX_PAYMENT_PAGES,
  type SandboxPaymentProvider,
} from '../../providers/payments/sandbox/sandbox.js';
import { acceptFormPosts, sandboxPage as page } from '../sandbox/index.js';

type Page = {
  Params: { id: string };
  Querystring: { token?: string };
  Body: Record<string, string> | undefined;
};

const ZCard = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
});

const REFUSALS: Record<string, string> = {
  incorrect_number: 'The card number is not valid.',
  invalid_expiry: 'The expiry date is not valid (MM/YY).',
  expired_card: 'The card has expired.',
  invalid_cvc: 'The security code is not valid.',
  card_declined: 'Your card was declined.',
};

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

function cardForm(error?: string): string {
  const hints = TEST_CARD_HINTS.map(([n, what]) => `<li><code>${n}</code> ${what}</li>`).join('');
  const field = (name: string, label: string, extra: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" required ${extra}>`;
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number"')}${field(
    'expiry',
    'Expiry (MM/YY)',
    'autocomplete="cc-exp"',
  )}${field('cvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc"')}<button>Save card</button></form>
<p>Test cards (any future expiry, any 3 digits):</p><ul>${hints}</ul>`;
}

const decisionForm = (what: string) =>
  `<p>${what}</p><form method="post"><button name="decision" value="approve">Complete authentication</button><button name="decision" value="fail">Fail authentication</button></form>`;

export function registerSandboxPaymentPages(
  app: FastifyInstance,
  sandbox: SandboxPaymentProvider,
  publicUrl: string,
): void {
  const base = SANDBOX_PAYMENT_PAGES;
  /** A used-up or unknown page is a page too, not a problem document. */
  const expiredPage = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof AppError) || err.code !== 'payment.page_expired') throw err;
    return reply
      .code(410)
      .type('text/html; charset=utf-8')
      .send(page('Page expired', '<p>This page is used up or unknown.</p>'));
  };
  const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8');

  app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get<Page>(`${base}/setup/:id`, async (request, reply) => {
      try {
        const intent = await sandbox.openSetupIntent(request.params.id, request.query.token ?? '');
        if (intent.status !== 'requires_payment_method')
          return html(reply).send(
            page('Card saved', `<p>This card is ${escapeHtml(intent.status.replace(/_/g, ' '))}.</p>`),
          );
        return html(reply).send(
          page('Add a card', cardForm(intent.failure_code ? REFUSALS[intent.failure_code] : undefined)),
        );
      } catch (err) {
        return expiredPage(reply, err);
      }
    });

    scope.post<Page>(`${base}/setup/:id`, async (request, reply) => {
      try {
        const card = ZCard.safeParse(request.body ?? {});
        const token = request.query.token ?? '';
        const result = card.success
          ? await sandbox.submitCard(request.params.id, token, card.data)
          : ({ outcome: 'refused', code: 'incorrect_number' } as const);
        if (result.outcome === 'succeeded') return reply.redirect(result.returnUrl, 303);
        if (result.outcome === 'requires_action') return reply.redirect(result.actionUrl, 303);
        return html(reply)
          .code(402)
          .send(page('Add a card', cardForm(REFUSALS[result.code] ?? 'Your card was declined.')));
      } catch (err) {
        return expiredPage(reply, err);
      }
    });

    scope.get<Page>(`${base}/setup/:id/authenticate`, async (request, reply) => {
      try {
        const intent = await sandbox.openSetupIntent(request.params.id, request.query.token ?? '');
        if (intent.status !== 'requires_action')
          throw new AppError('payment.page_expired', 'Nothing to authenticate');
        return html(reply).send(
          page('3-D Secure', decisionForm('Your bank asks you to confirm that this card may be saved.')),
        );
      } catch (err) {
        return expiredPage(reply, err);
      }
    });

    scope.post<Page>(`${base}/setup/:id/authenticate`, async (request, reply) => {
      try {
        const approve = request.body?.['decision'] === 'approve';
        const { returnUrl } = await sandbox.authenticateSetup(
          request.params.id,
          request.query.token ?? '',
          approve,
        );
        return reply.redirect(returnUrl, 303);
      } catch (err) {
        return expiredPage(reply, err);
      }
    });

    scope.get<Page>(`${base}/payments/:id/authenticate`, async (request, reply) => {
      try {
        const payment = await sandbox.openPayment(request.params.id, request.query.token ?? '');
        return html(reply).send(
          page(
            '3-D Secure',
            decisionForm(
              `Your bank asks you to confirm a payment of ${escapeHtml(money(Number(payment.amount_minor), payment.currency))} (${escapeHtml(payment.description)}).`,
            ),
          ),
        );
      } catch (err) {
        return expiredPage(reply, err);
      }
    });

    scope.post<Page>(`${base}/payments/:id/authenticate`, async (request, reply) => {
      try {
        const approve = request.body?.['decision'] === 'approve';
        const payment = await sandbox.authenticatePayment(
          request.params.id,
          request.query.token ?? '',
          approve,
        );
        const title = payment.status === 'succeeded' ? 'Payment confirmed' : 'Payment failed';
        return html(reply).send(
          page(title, `<p><a href="${escapeHtml(publicUrl)}">Back to Countersign</a></p>`),
        );
      } catch (err) {
        return expiredPage(reply, err);
      }
    });

    scope.get<Page>(`${base}/portal/:id`, async (request, reply) => {
      try {
        const portal = await sandbox.openPortal(request.params.id, request.query.token ?? '');
        const method = await sandbox.getPaymentMethod(portal.customerId);
        const card = method
          ? `<p>${escapeHtml(method.brand)} ending in ${escapeHtml(method.last4)}, expires ${method.expMonth}/${method.expYear}</p>`
          : '<p>No card on file.</p>';
        const rows = portal.payments
          .map(
            (p) =>
              `<tr><td>${escapeHtml(p.created_at.slice(0, 10))}</td><td>${escapeHtml(p.description)}</td><td>${escapeHtml(
                money(Number(p.amount_minor), p.currency),
              )}</td><td>${escapeHtml(p.status.replace(/_/g, ' '))}</td></tr>`,
          )
          .join('');
        return html(reply).send(
          page(
            `Billing of ${portal.customerName}`,
            `<h2>Payment method</h2>${card}<form method="post" action="${escapeHtml(
              `${base}/portal/${encodeURIComponent(request.params.id)}/card?token=${encodeURIComponent(request.query.token ?? '')}`,
            )}"><button>Change card</button></form>
<h2>Payments</h2>${rows ? `<table><tr><th>Date</th><th>What</th><th>Amount</th><th>Status</th></tr>${rows}</table>` : '<p>No payments yet.</p>'}
<p><a href="${escapeHtml(portal.returnUrl)}">Back to Countersign</a></p>`,
          ),
        );
      } catch (err) {
        return expiredPage(reply, err);
      }
    });

    scope.post<Page>(`${base}/portal/:id/card`, async (request, reply) => {
      try {
        const { redirectUrl } = await sandbox.changeCardFromPortal(
          request.params.id,
          request.query.token ?? '',
        );
        return reply.redirect(redirectUrl, 303);
      } catch (err) {
        return expiredPage(reply, err);
      }
    });
  });
}
