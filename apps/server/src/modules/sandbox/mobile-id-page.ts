// The sandbox phone (ADR 094), never in production: the Mobile ID confirmations the server asked
// for, newest first, each with Approve and Refuse as a person's phone would offer. Approving
// names the person who holds the number, as a Mobile ID provider registered them. Tests drive the
// same page (and read /sandbox/mobile-id.json), and move the server's clock to let one lapse.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.js';
import type { SandboxMobileId } from '../../providers/mobile-id/sandbox.js';
import { acceptFormPosts, sandboxPage as page } from './page.js';

const ZAnswer = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    given_name: z.string().trim().min(1).max(100),
    surname: z.string().trim().min(1).max(100),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/)
      .default('CH'),
  }),
  z.object({ decision: z.literal('refuse') }),
]);

const ZParams = z.object({ transactionId: z.string().min(1).max(100) });

export function registerSandboxMobileIdPages(app: FastifyInstance, phone: SandboxMobileId): void {
  app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get('/sandbox/mobile-id.json', async () => ({
      confirmations: (await phone.repo.latest()).map((c) => ({
        transaction_id: c.transactionId,
        mobile: c.mobile,
        message: c.message,
        status: c.status === 'pending' && c.expiresAt <= phone.now() ? 'expired' : c.status,
        created_at: c.createdAt.toISOString(),
        expires_at: c.expiresAt.toISOString(),
      })),
    }));

    scope.get('/sandbox/mobile-id', async (_request, reply) => {
      reply.type('text/html; charset=utf-8');
      const now = phone.now();
      const items = (await phone.repo.latest())
        .map((c) => {
          const open = c.status === 'pending' && c.expiresAt > now;
          const state = open ? '' : `<p><b>${c.status === 'pending' ? 'expired' : c.status}</b></p>`;
          const form = open
            ? `<form method="post" action="/sandbox/mobile-id/${encodeURIComponent(c.transactionId)}">
<label for="g-${escapeHtml(c.transactionId)}">Given name of the number's holder</label><input id="g-${escapeHtml(c.transactionId)}" name="given_name" value="Mia">
<label for="s-${escapeHtml(c.transactionId)}">Surname</label><input id="s-${escapeHtml(c.transactionId)}" name="surname" value="Mobile">
<label for="c-${escapeHtml(c.transactionId)}">Country</label><input id="c-${escapeHtml(c.transactionId)}" name="country" value="CH">
<button name="decision" value="approve">Approve</button><button name="decision" value="refuse">Refuse</button></form>`
            : '';
          return `<article><p><b>${escapeHtml(c.mobile)}</b> &middot; <time>${escapeHtml(
            c.createdAt.toISOString(),
          )}</time></p><p>${escapeHtml(c.message)}</p>${state}${form}</article>`;
        })
        .join('<hr>');
      return page(
        'Sandbox phone: Mobile ID',
        `<p>What a Mobile ID provider would show on the signer's phone. Never shown in production.</p>${
          items || '<p>No confirmations yet.</p>'
        }`,
      );
    });

    scope.post('/sandbox/mobile-id/:transactionId', async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const params = ZParams.safeParse(request.params);
      const form = ZAnswer.safeParse(request.body ?? {});
      if (!params.success || !form.success)
        return reply
          .code(400)
          .send(page('Not accepted', '<p>Approve with a name and country, or refuse.</p>'));
      const { transactionId } = params.data;
      const confirmation = await phone.repo.find(transactionId);
      if (!confirmation || confirmation.status !== 'pending' || confirmation.expiresAt <= phone.now())
        return reply.code(409).send(page('Not accepted', '<p>This confirmation is no longer waiting.</p>'));
      const answer = form.data;
      await phone.repo.answer(
        transactionId,
        answer.decision === 'approve'
          ? {
              status: 'approved',
              holder: { givenName: answer.given_name, surname: answer.surname, country: answer.country },
            }
          : { status: 'refused' },
      );
      return page(
        answer.decision === 'approve' ? 'Approved' : 'Refused',
        '<p>Your answer went to the signing service. <a href="/sandbox/mobile-id">Back to the phone</a></p>',
      );
    });
  });
}
