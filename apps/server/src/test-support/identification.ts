// Test helpers for identification and qualified signing, acting as the person would: complete an
// identification on the sandbox provider's page, read the TAN from the sandbox SMS box, open a
// request at a level, follow the invitation's link, and take the signed PDF out of the zip.
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { createRequestWithFiles, mailsTo } from './accounts.js';

export interface SandboxIdentity {
  givenName: string;
  surname: string;
  mobile: string;
  country?: string;
}

/** Opens the provider page (reports "opened"), then approves with `identity` or rejects. */
export async function decideSandboxIdentification(
  app: FastifyInstance,
  url: string,
  decision: SandboxIdentity | 'reject',
) {
  const page = new URL(url).pathname;
  await app.inject({ method: 'GET', url: page });
  const fields: Record<string, string> =
    decision === 'reject'
      ? { decision: 'reject' }
      : {
          decision: 'approve',
          given_name: decision.givenName,
          surname: decision.surname,
          country: decision.country ?? 'CH',
          mobile: decision.mobile,
        };
  return app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The newest six-digit code the sandbox SMS box holds for `mobile`. */
export async function lastTan(app: FastifyInstance, mobile: string): Promise<string> {
  const box = (await app.inject({ method: 'GET', url: '/sandbox/sms.json' })).json();
  const message = (box.messages as { to: string; text: string }[]).find((m) => m.to === mobile);
  const tan = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!tan) throw new Error(`no TAN sent to ${mobile}`);
  return tan;
}

/** Creates and sends a one-document request at a level; returns its id. */
export async function openRequest(
  app: FastifyInstance,
  senderToken: string,
  options: {
    quality: 'ses' | 'aes' | 'qes';
    legislation: 'eidas' | 'zertes';
    signers: string[];
    pdf: Buffer;
  },
): Promise<string> {
  const created = await createRequestWithFiles(
    app,
    senderToken,
    {
      title: `${options.quality} for ${options.signers.join(', ')}`,
      quality: options.quality,
      legislation: options.legislation,
      signatures: options.signers.map((email) => ({ email })),
    },
    [{ name: 'contract.pdf', bytes: options.pdf }],
  );
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const id = created.json().id as string;
  const sent = await app.inject({
    method: 'POST',
    url: `/v3/signature-requests/${id}/initiate`,
    headers: { authorization: `Bearer ${senderToken}` },
  });
  if (sent.statusCode !== 200) throw new Error(`initiate: ${sent.statusCode} ${sent.body}`);
  return id;
}

/** The signer id and link token of the invitation mailed to `email` for request `id`. */
export async function invitationLink(
  app: FastifyInstance,
  email: string,
  id: string,
): Promise<{ signerId: string; token: string }> {
  const invitation = (await mailsTo(app, email)).find((m) => m.text.includes(`/view/${id}/`));
  const link = /\/view\/[\w-]+\/([\w-]+)\?token=([\w-]+)/.exec(invitation?.text ?? '');
  if (!link) throw new Error(`no invitation for ${email} to ${id}`);
  return { signerId: link[1]!, token: link[2]! };
}

/** The current (signed) revision of a request's first document, through the sender's zip. */
export async function signedDocument(
  app: FastifyInstance,
  senderToken: string,
  id: string,
): Promise<Uint8Array> {
  const zip = await app.inject({
    method: 'GET',
    url: `/v3/signature-requests/${id}/zip?signed=true`,
    headers: { authorization: `Bearer ${senderToken}` },
  });
  return Object.values(unzipSync(new Uint8Array(zip.rawPayload)))[0]!;
}
