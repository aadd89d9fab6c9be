// The web app's error reports: an error no screen handled (a render that failed, an exception or a
// rejected promise nobody caught) is sent to the server's own intake, which logs it and, when the
// operator configured a Sentry-compatible DSN, forwards it there. The browser never talks to a
// third party itself, so no page needs that party in its Content-Security-Policy.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const ZClientErrorKind = z.enum(['render', 'error', 'unhandled_rejection']);
export type ClientErrorKind = z.infer<typeof ZClientErrorKind>;

export const reportClientError = defineEndpoint({
  method: 'POST',
  path: '/api/client-errors',
  summary: "Report an error the web app did not handle, to the server's log (and Sentry when configured)",
  description:
    'Anyone may call it: an error often comes when a session has ended. Query strings and fragments ' +
    'are removed from every address in the report before it is logged or forwarded, since signing ' +
    'links carry their token there. Each IP may report a bounded number of errors a minute ' +
    '(CLIENT_ERRORS_PER_IP_MINUTE); past it 429.',
  tags: ['Other'],
  auth: 'none',
  body: z.strictObject({
    /** render: a route failed to draw; error: an uncaught exception; unhandled_rejection: a promise */
    kind: ZClientErrorKind,
    /** the error's name (TypeError, ChunkLoadError, ...) */
    name: z.string().trim().min(1).max(200).optional(),
    message: z.string().trim().min(1).max(2000),
    stack: z.string().max(16_000).optional(),
    /** the page's path where it happened */
    path: z.string().min(1).max(2000).startsWith('/'),
    /** the web build that ran, so a report is matched with its source maps */
    release: z.string().trim().min(1).max(100).optional(),
  }),
  response: z.object({ ok: z.literal(true) }),
  successStatus: 202,
  problems: ['rate_limit.exceeded'],
});

export const clientErrorEndpoints = { reportClientError } as const;
