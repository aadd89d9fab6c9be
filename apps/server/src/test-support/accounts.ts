// Test helpers that act as a person would: sign up, confirm through the mailed link (sandbox
// mailbox), log in; and create a request with PDFs through the multipart call.
import type { FastifyInstance } from 'fastify';
import { generatedPdf, multipart } from './pdfs.js';

export const TEST_PASSWORD = 'correct horse battery staple';

/** A mail as the sandbox mailbox lists it (attachments by name and size only). */
export interface SandboxMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; size: number }[];
}

/**
 * The line an outcome mail ends with: the request's page for an account holder, or for someone
 * in `withoutAccount` the invitation to create an account with their address (notify.ts).
 */
export function requestLinkFor(requestId: string, to: string, withoutAccount: readonly string[]): string {
  return withoutAccount.includes(to)
    ? `create a free account with this e-mail address: http://countersign.test/signup?email=${encodeURIComponent(to)}\n`
    : `http://countersign.test/view/${requestId}\n`;
}

export async function mailsTo(app: FastifyInstance, address: string): Promise<SandboxMail[]> {
  const res = await app.inject({ method: 'GET', url: '/sandbox/mail.json' });
  return (res.json().messages as SandboxMail[]).filter((m) => m.to === address);
}

/** Registers, confirms and logs in; returns the session token. */
export async function signUp(app: FastifyInstance, email: string, firstName = 'Test'): Promise<string> {
  await app.inject({
    method: 'POST',
    url: '/v1/register',
    payload: { email, password: TEST_PASSWORD, first_name: firstName, last_name: 'Tester' },
  });
  // with background delivery the mail may land just after the call: give it a moment
  let confirmation: { text: string } | undefined;
  for (let attempt = 0; attempt < 100 && !confirmation; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    confirmation = (await mailsTo(app, email)).find((m) => m.text.includes('/signup/confirm?token='));
  }
  if (!confirmation) throw new Error(`no confirmation mail for ${email}`);
  await app.inject({
    method: 'POST',
    url: '/v1/valid-confirmation',
    payload: { token: /token=([\w-]+)/.exec(confirmation.text)![1] },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { email, password: TEST_PASSWORD },
  });
  return login.json().token as string;
}

/** POST /v3/signature-requests as multipart: the JSON payload and PDFs as `documents` (or the given field). */
/** A session token as its Authorization header, or the header given whole (an API user's Basic). */
export type Credentials = string | { authorization: string };
export const authorizationOf = (credentials: Credentials) =>
  typeof credentials === 'string' ? { authorization: `Bearer ${credentials}` } : credentials;

export async function createRequestWithFiles(
  app: FastifyInstance,
  sessionToken: Credentials,
  payload: Record<string, unknown>,
  files: { name: string; bytes: Buffer; field?: 'documents' | 'attachments' }[],
) {
  const body = multipart(
    { payload: JSON.stringify(payload) },
    files.map((f) => ({ field: f.field ?? 'documents', name: f.name, bytes: f.bytes })),
  );
  return app.inject({
    method: 'POST',
    url: '/v3/signature-requests',
    payload: body.payload,
    headers: { ...body.headers, ...authorizationOf(sessionToken) },
  });
}

/**
 * A draft with the cast of the mail tests: signers signed@ and member@ (who have accounts in
 * those tests) and guest@ (a link only), in that order, and the observer watcher@.
 */
export async function createDraftWithParties(
  app: FastifyInstance,
  ownerToken: string,
  title: string,
  extra: Record<string, unknown> = {},
) {
  return createRequestWithFiles(
    app,
    ownerToken,
    {
      title,
      signatures: [
        { email: 'signed@example.org' },
        { email: 'member@example.org' },
        { email: 'guest@example.org' },
      ],
      observers: ['watcher@example.org'],
      ...extra,
    },
    [{ name: 'parties.pdf', bytes: await generatedPdf(1, title) }],
  );
}
