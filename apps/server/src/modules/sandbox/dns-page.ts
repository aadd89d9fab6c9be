// The sandbox DNS zone's page (/sandbox/dns): the TXT records a domain proof looks for (ADR 042),
// published and removed by hand with plain forms, in place of a DNS provider's console. Like every
// /sandbox/ page, only for this machine unless SANDBOX_ACCESS=anyone, and never in production.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isDomainName } from '@countersign/domain';
import { escapeHtml } from '../../lib/html.js';
import type { SandboxDnsZone } from '../../providers/dns/sandbox-txt-resolver.js';
import { acceptFormPosts, sandboxPage } from './page.js';

export const SANDBOX_DNS_PAGE = '/sandbox/dns';

const ZRecord = z.object({
  // a domain name, maybe below service labels such as `_countersign.` (RFC 8552)
  name: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .refine((name) => isDomainName(name.replace(/^(?:_[a-z0-9-]+\.)+/, ''))),
  value: z.string().trim().min(1).max(255),
});

function recordPage(records: Awaited<ReturnType<SandboxDnsZone['list']>>, error?: string): string {
  const rows = records
    .map(
      (r) =>
        `<tr><td><code>${escapeHtml(r.name)}</code></td><td><code>${escapeHtml(r.value)}</code></td><td><form method="post" action="${SANDBOX_DNS_PAGE}/remove"><input type="hidden" name="name" value="${escapeHtml(r.name)}"><input type="hidden" name="value" value="${escapeHtml(r.value)}"><button aria-label="Remove ${escapeHtml(r.name)}">Remove</button></form></td></tr>`,
    )
    .join('');
  return sandboxPage(
    'Sandbox DNS',
    `<p>TXT records this installation's domain checks find, in place of real DNS. Publish the record a business's domain page names, then check the domain again.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${SANDBOX_DNS_PAGE}"><label for="name">Name</label><input id="name" name="name" required autocapitalize="none" spellcheck="false"><label for="value">TXT value</label><input id="value" name="value" required autocapitalize="none" spellcheck="false"><button>Publish record</button></form>
<h2>Published records</h2>${
      rows
        ? `<table><thead><tr><th scope="col">Name</th><th scope="col">Value</th><th scope="col">Remove</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No records yet.</p>'
    }`,
  );
}

export function registerSandboxDnsPages(app: FastifyInstance, zone: SandboxDnsZone): void {
  app.register(async (scope) => {
    acceptFormPosts(scope);
    scope.get(SANDBOX_DNS_PAGE, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(recordPage(await zone.list())),
    );

    scope.post<{ Body: Record<string, string> | undefined }>(SANDBOX_DNS_PAGE, async (request, reply) => {
      const record = ZRecord.safeParse(request.body ?? {});
      if (!record.success) {
        return reply
          .code(422)
          .type('text/html; charset=utf-8')
          .send(recordPage(await zone.list(), 'Give a domain name and a value of at most 255 characters.'));
      }
      await zone.publish(record.data.name, record.data.value);
      return reply.redirect(SANDBOX_DNS_PAGE, 303);
    });

    scope.post<{ Body: Record<string, string> | undefined }>(
      `${SANDBOX_DNS_PAGE}/remove`,
      async (request, reply) => {
        const name = String(request.body?.['name'] ?? '');
        const value = String(request.body?.['value'] ?? '');
        await zone.remove(name, value);
        return reply.redirect(SANDBOX_DNS_PAGE, 303);
      },
    );
  });
}
