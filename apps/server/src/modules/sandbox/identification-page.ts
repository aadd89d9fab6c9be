// The sandbox identification provider's own pages: what a person sees instead of a video call.
// Opening the page reports "opened"; the form approves (with the name to be certified) or
// rejects; each report goes to the server's webhook signed, exactly as a provider's would.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { escapeHtml } from '../../lib/html.js';
import { acceptFormPosts, sandboxPage as page } from './page.js';
import type { SandboxIdentificationProvider } from '../../providers/identification/sandbox.js';
import type { IdentificationReport } from '../../providers/identification/provider.js';
import {
  findIdentification,
  signerPerson,
  WEBHOOK_PATH,
  type IdentificationRecord,
} from '../identification/index.js';
import { findPerson } from '../accounts/index.js';

const ZDecision = z.object({
  decision: z.enum(['approve', 'reject']),
  given_name: z.string().trim().max(100).default(''),
  surname: z.string().trim().max(100).default(''),
  country: z.string().trim().toUpperCase().default('CH'),
  mobile: z.string().trim().max(32).default(''),
});

export function registerSandboxIdentificationPages(
  app: FastifyInstance,
  db: Kysely<Database>,
  provider: SandboxIdentificationProvider,
  publicUrl: string,
): void {
  const deliver = async (providerName: string, report: IdentificationReport) => {
    const res = await app.inject({
      method: 'POST',
      url: `${WEBHOOK_PATH}/${providerName}`,
      payload: provider.signCallback(report),
    });
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
  };
  const find = (id: string) => findIdentification(db, id);
  /** The name and phone to suggest: the account's, or what the link holder or sender gave. */
  const personOf = async ({ holder }: IdentificationRecord) => {
    const fallbackMobile = '+41 79 000 00 00';
    if (holder.kind === 'signer') {
      const signer = await signerPerson(db, holder.signerId);
      return { givenName: signer?.givenName ?? '', surname: signer?.surname ?? '', mobile: fallbackMobile };
    }
    const user = await findPerson(db, holder.userId, { includeDeleted: true });
    if (!user) throw new Error('the identification names no account');
    return {
      givenName: user.firstName,
      surname: user.lastName,
      mobile: user.attributes.mobile ?? fallbackMobile,
    };
  };

  app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get<{ Params: { id: string } }>('/sandbox/identification/:id', async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const row = await find(request.params.id);
      if (!row) return reply.code(404).send(page('Unknown identification', '<p>No such identification.</p>'));
      if (row.status === 'initialized')
        await deliver(row.provider, { identificationId: row.id, event: 'opened' });
      if (row.status !== 'initialized' && row.status !== 'inprogress')
        return page('Identification closed', `<p>This identification is ${escapeHtml(row.status)}.</p>`);
      const person = await personOf(row);
      const field = (name: string, label: string, value: string) =>
        `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(value)}" required>`;
      return page(
        `Sandbox identity check (${row.provider} ${row.method})`,
        `<p>A real provider would check an identity document here. Confirm the identity the certificate will name.</p>
<form method="post">${field('given_name', 'Given name', person.givenName)}${field('surname', 'Surname', person.surname)}${field(
          'country',
          'Country (ISO code)',
          'CH',
        )}${field('mobile', 'Mobile number for signing codes', person.mobile)}
<button name="decision" value="approve">Approve identity</button><button name="decision" value="reject" formnovalidate>Reject</button></form>`,
      );
    });

    scope.post<{ Params: { id: string } }>('/sandbox/identification/:id', async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const row = await find(request.params.id);
      const form = ZDecision.safeParse(request.body ?? {});
      if (!row || !form.success)
        return reply
          .code(400)
          .send(page('Not accepted', '<p>The identification or the form is not valid.</p>'));
      const { decision, given_name: givenName, surname, country, mobile } = form.data;
      if (
        decision === 'approve' &&
        (!givenName || !surname || !/^[A-Z]{2}$/.test(country) || mobile.length < 3)
      )
        return reply
          .code(400)
          .send(page('Not accepted', '<p>Name, country and mobile number are needed.</p>'));
      await deliver(row.provider, {
        identificationId: row.id,
        event: decision === 'approve' ? 'approved' : 'rejected',
        ...(decision === 'approve' && { identity: { givenName, surname, country, mobile } }),
      });
      // a link holder goes back to their identification screen, an account holder to their profile
      const back =
        row.holder.kind === 'signer'
          ? `${publicUrl}/direct-sign/identification/${row.signatureRequestId ?? ''}/${row.holder.signerId}`
          : `${publicUrl}/profile/signature-standards`;
      return page(
        decision === 'approve' ? 'Identity confirmed' : 'Identity rejected',
        `<p>The provider has reported the result to Countersign.</p><p><a href="${escapeHtml(back)}">Back to Countersign</a></p>`,
      );
    });
  });
}
