// The sandbox wallet (ADR 085), never in production: what a person's digital identity wallet does
// with Countersign's OpenID4VP request. The page shows what the verifier asks for and a test
// person; sharing has the test issuer sign that person's PID bound to a fresh holder key, and the
// wallet presents only the requested claims with a key-binding JWT for the request's nonce and
// audience, posted to the verifier's direct_post address as a wallet would. The browser then
// follows the verifier's redirect_uri.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { escapeHtml } from '../../lib/html.js';
import {
  holderKey,
  issuePid,
  presentPid,
  SANDBOX_PERSON,
  type PidIssuer,
} from '../../providers/wallet/sandbox-wallet.js';
import { WALLET_RESPONSE_PATH } from '../wallet/index.js';
import { acceptFormPosts, sandboxPage as page } from './page.js';

const ZRequest = z.object({
  client_id: z.string().min(1).max(2000),
  response_uri: z.string().url().max(2000),
  nonce: z.string().min(1).max(200),
  state: z.string().min(1).max(200),
  dcql_query: z.string().min(2).max(10_000),
});

const ZShare = ZRequest.extend({
  given_name: z.string().trim().min(1).max(100),
  family_name: z.string().trim().min(1).max(100),
  birthdate: z.string().trim().max(10).default(SANDBOX_PERSON.birthdate),
  issuing_country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
});

/** The claim names the query asks for (one path element each, as Countersign asks). */
function requestedClaims(dcqlQuery: string): string[] {
  try {
    const query = JSON.parse(dcqlQuery) as { credentials?: { claims?: { path?: unknown[] }[] }[] };
    return (query.credentials?.[0]?.claims ?? []).flatMap((c) =>
      typeof c.path?.[0] === 'string' ? [c.path[0]] : [],
    );
  } catch {
    return [];
  }
}

const LABELS: Record<string, string> = {
  given_name: 'Given name',
  family_name: 'Family name',
  birthdate: 'Date of birth',
  issuing_country: 'Issuing country',
};

export function registerSandboxWalletPages(app: FastifyInstance, issuer: PidIssuer, clock: Clock): void {
  app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get('/sandbox/wallet', async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const parsed = ZRequest.safeParse(request.query);
      if (!parsed.success)
        return reply.code(400).send(page('Not a presentation request', '<p>The request is incomplete.</p>'));
      const asked = requestedClaims(parsed.data.dcql_query);
      const hidden = Object.entries(parsed.data)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join('');
      const field = (name: keyof typeof LABELS & string, value: string) =>
        `<label for="${name}">${LABELS[name]}</label><input id="${name}" name="${name}" value="${escapeHtml(value)}" required>`;
      return page(
        'Sandbox wallet',
        `<p>A real wallet holds the personal identification data your state issued. This one holds a test identity from the sandbox issuer; change it as you like.</p>
<p><b>${escapeHtml(new URL(parsed.data.response_uri).host)}</b> asks to see: ${asked.map((c) => escapeHtml(LABELS[c] ?? c)).join(', ')}. Nothing else is shared.</p>
<form method="post">${hidden}${field('given_name', SANDBOX_PERSON.givenName)}${field('family_name', SANDBOX_PERSON.familyName)}${field(
          'birthdate',
          SANDBOX_PERSON.birthdate,
        )}${field('issuing_country', SANDBOX_PERSON.issuingCountry)}
<button>Share with Countersign</button></form>`,
      );
    });

    scope.post('/sandbox/wallet', async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const form = ZShare.safeParse(request.body ?? {});
      if (!form.success)
        return reply.code(400).send(page('Not accepted', '<p>Name and a two-letter country are needed.</p>'));
      const { data } = form;
      // the wallet answers only Countersign's own response address: the sandbox posts nowhere else
      if (new URL(data.response_uri).pathname !== WALLET_RESPONSE_PATH)
        return reply.code(400).send(page('Not accepted', '<p>The request names another verifier.</p>'));
      const now = clock.now();
      const holder = holderKey();
      const person = {
        givenName: data.given_name,
        familyName: data.family_name,
        birthdate: data.birthdate,
        issuingCountry: data.issuing_country,
      };
      const credential = await issuePid(issuer, person, holder, { now });
      const vpToken = await presentPid(credential, {
        disclose: requestedClaims(data.dcql_query),
        holder,
        nonce: data.nonce,
        audience: data.client_id,
        now,
      });
      const answer = await app.inject({
        method: 'POST',
        url: WALLET_RESPONSE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          state: data.state,
          vp_token: JSON.stringify({ pid: [vpToken] }),
        }).toString(),
      });
      const body = answer.json<{ redirect_uri?: string; code?: string; detail?: string }>();
      if (answer.statusCode !== 200 || !body.redirect_uri)
        return reply
          .code(400)
          .send(
            page(
              'Refused by Countersign',
              `<p class="error">${escapeHtml(body.code ?? String(answer.statusCode))}: ${escapeHtml(body.detail ?? '')}</p>`,
            ),
          );
      return reply.redirect(body.redirect_uri, 303);
    });
  });
}
