// A third party's client of the Countersign API, written only against the types that
// openapi-typescript generates from /api/openapi.json (openapi.d.ts beside this file, generated
// at test time and never committed) and run with openapi-fetch. If the OpenAPI document leaves a
// call out or describes it wrongly, this file no longer type-checks or the journey fails.
// The journey: register, confirm through the mailed link, log in, create a request, upload a PDF,
// send it, sign as the account holder and as a second signer who has only the mailed link (its
// token in the X-Link-Token header), and download the signed PDF and the signature protocol.
import createClient from 'openapi-fetch';
import type { paths } from './openapi.js';

export interface JourneyResult {
  requestStatus: string;
  signedPdf: Uint8Array;
  protocolSigners: string[];
}

const password = 'correct horse battery staple';

function fail(step: string, error: unknown): never {
  throw new Error(`${step}: ${JSON.stringify(error)}`);
}

export async function runJourney(
  baseUrl: string,
  owner: string,
  guest: string,
  pdf: Uint8Array<ArrayBuffer>,
) {
  const api = createClient<paths>({ baseUrl });

  /** The newest sandbox mail to `to` whose text matches, and the match. */
  const mailed = async (to: string, pattern: RegExp): Promise<RegExpExecArray> => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { data, error } = await api.GET('/sandbox/mail.json');
      if (!data) fail('mailbox', error);
      for (const mail of data.messages) {
        const match = mail.to === to ? pattern.exec(mail.text) : null;
        if (match) return match;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${to} matching ${pattern}`);
  };

  const registered = await api.POST('/v1/register', {
    body: { email: owner, password, first_name: 'Ada', last_name: 'Lovelace', lang: 'en' },
  });
  if (registered.error) fail('register', registered.error);
  const [, confirmation] = await mailed(owner, /\/signup\/confirm\?token=([\w-]+)/);
  const confirmed = await api.POST('/v1/valid-confirmation', { body: { token: confirmation! } });
  if (confirmed.error) fail('confirm', confirmed.error);
  const login = await api.POST('/v1/login', { body: { email: owner, password } });
  if (!login.data) fail('login', login.error);

  const session = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${login.data.token}` } });
  const created = await session.POST('/v3/signature-requests', {
    body: { title: 'Generated client', signatures: [{ email: owner }, { email: guest }] },
  });
  if (!created.data) fail('create', created.error);
  const id = created.data.id;

  const uploaded = await session.POST('/v3/signature-requests/{id}/documents', {
    params: { path: { id } },
    body: { documents: [new Blob([pdf], { type: 'application/pdf' })] },
    bodySerializer(body) {
      const form = new FormData();
      for (const file of body.documents) form.append('documents', file, 'contract.pdf');
      return form;
    },
  });
  if (!uploaded.data) fail('upload', uploaded.error);
  const documentId = uploaded.data.document_ids[0]!;

  const sent = await session.POST('/v3/signature-requests/{id}/initiate', { params: { path: { id } } });
  if (!sent.data) fail('send', sent.error);

  const words = await api.GET('/v3/signing-consent', { params: { query: { language: 'en' } } });
  if (!words.data) fail('consent', words.error);
  const consent = { accepted: true as const, version: words.data.version, language: words.data.language };

  const mine = await session.POST('/v3/sign', {
    body: { consent, signature_requests: [{ signature_request_id: id }] },
  });
  if (!mine.data?.results[0]?.ok) fail('sign', mine.error ?? mine.data);

  const [, linkToken] = await mailed(guest, new RegExp(`/view/${id}/[\\w-]+\\?token=([\\w-]+)`));
  const link = createClient<paths>({ baseUrl, headers: { 'x-link-token': linkToken! } });
  const theirs = await link.POST('/v3/direct/sign', {
    body: { consent, signature_requests: [{ signature_request_id: id }] },
  });
  if (!theirs.data?.results[0]?.ok) fail('sign by link', theirs.error ?? theirs.data);

  const request = await session.GET('/v3/signature-requests/{id}', { params: { path: { id } } });
  if (!request.data) fail('read', request.error);
  const download = await session.GET('/v3/documents/{id}/download', {
    params: { path: { id: documentId }, query: { signed: 'true' } },
    parseAs: 'arrayBuffer',
  });
  if (!download.data) fail('download', download.error);
  const protocol = await link.GET('/v3/direct/signature-requests/{id}/report', {
    params: { path: { id }, query: { type: 'json' } },
  });
  // the report is JSON with type=json, a sealed PDF otherwise: the types allow both
  if (!protocol.data || !('signers' in protocol.data)) fail('protocol', protocol.error);

  return {
    requestStatus: request.data.status,
    signedPdf: new Uint8Array(download.data),
    protocolSigners: protocol.data.signers.map((s) => s.email),
  } satisfies JourneyResult;
}
