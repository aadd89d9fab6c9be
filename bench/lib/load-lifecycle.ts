// The calls of one signature request's whole life as the load benchmark (bench/load.ts) makes
// them over HTTP, each timed under its kind: the sender logs in, uploads one or two PDFs of the
// corpus, adds two signers, places their fields and sends; the account holder signs in, opens the
// request, scrolls through every page (scale 150, as the viewer asks on a desktop) and signs with
// a text field filled; the link holder does the same through the link from the invitation; the
// sender lists, downloads the signed PDFs and the protocol. And the calls of the background
// readers: the dashboard list and a status poll.
import { readCorpusPdf } from '@countersign/pdf/test-corpus';
import { CONSENT } from '../../apps/server/src/test-support/consent.js';

export const PASSWORD = 'correct horse battery staple';
/** The page scale the viewer asks for on a desktop column (apps/web page-scale.ts). */
const VIEW_SCALE = 150;

/** A mix of sizes from the corpus: 12 KB to 2.2 MB, one to four pages. */
export const CORPUS_MIX = [
  '002-trivial-libre-office-writer.pdf',
  'pdflatex-4-pages.pdf',
  'multicolumn.pdf',
  'google-doc-document.pdf',
  'cmyk-image.pdf',
  'base64image.pdf',
].map((name) => ({ name, bytes: readCorpusPdf(name) }));

/** Latencies (ms) and errors by call kind. */
export class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, { count: number; first: string }>();
  /** set when the run ends: calls cut off as the servers stop are not the servers' errors */
  private closed = false;

  close(): void {
    this.closed = true;
  }

  fail(kind: string, message: string): void {
    if (this.closed) return;
    const seen = this.errors.get(kind);
    if (seen) seen.count++;
    else this.errors.set(kind, { count: 1, first: message.slice(0, 300) });
  }

  /** Times `fn` under `kind`; a failure is counted and thrown on. */
  async time<T>(kind: string, fn: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      const result = await fn();
      const ms = performance.now() - start;
      if (this.closed) return result;
      this.latencies.set(kind, [...(this.latencies.get(kind) ?? []), ms]);
      return result;
    } catch (err) {
      this.fail(kind, err instanceof Error ? err.message : String(err));
      throw err;
    }
  }
}

interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  /** read the answer as bytes rather than JSON */
  bytes?: boolean;
}

/** One HTTP call, its whole answer read; a status of 400 or more is an error. */
async function call(base: string, method: string, url: string, options: CallOptions = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.json !== undefined && { 'content-type': 'application/json' }),
    },
    ...(options.json !== undefined && { body: JSON.stringify(options.json) }),
    ...(options.form && { body: options.form }),
  });
  if (res.status >= 400) throw new Error(`${method} ${url.split('?')[0]}: ${res.status} ${await res.text()}`);
  if (options.bytes) return { bytes: (await res.arrayBuffer()).byteLength };
  return (await res.json()) as Record<string, unknown> & { bytes?: number };
}

export interface LoadContext {
  /** the servers' base URLs; steps of one request move between them when there are several */
  bases: string[];
  senders: string[];
  /** account holders who sign */
  signers: string[];
  /** unique per run, for the link holders' addresses */
  runId: string;
  recorder: Recorder;
  /** told of each request as it is created, for the readers' status polls */
  created(senderEmail: string, id: string): void;
}

interface RequestView {
  id: string;
  documents: { id: string; page_count: number }[];
  signatures: { id: string; email: string }[];
}

const login = (ctx: LoadContext, base: string, email: string) =>
  ctx.recorder
    .time('login', () => call(base, 'POST', '/v1/login', { json: { email, password: PASSWORD } }))
    .then((r) => r['token'] as string);

/** Every page of every document, one after the other, as a person scrolls. */
async function scroll(
  ctx: LoadContext,
  base: string,
  request: RequestView,
  auth: { token?: string; link?: string },
) {
  const prefix = auth.link ? '/v3/direct' : '/v3';
  const query = auth.link ? `&token=${auth.link}` : '';
  for (const d of request.documents)
    for (let n = 1; n <= d.page_count; n++)
      await ctx.recorder.time('page_image', () =>
        call(base, 'GET', `${prefix}/documents/${d.id}/pages/${n}?scale=${VIEW_SCALE}${query}`, {
          ...(auth.token && { token: auth.token }),
          bytes: true,
        }),
      );
}

/** The link in the invitation to `email` for request `id`, from the sandbox mailbox (untimed). */
async function invitationLink(base: string, email: string, id: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { messages } = (await call(base, 'GET', '/sandbox/mail.json')) as unknown as {
      messages: { to: string; text: string }[];
    };
    const text = messages.find((m) => m.to === email && m.text.includes(`/view/${id}/`))?.text;
    const token = text && /\/view\/[\w-]+\/[\w-]+\?token=([\w-]+)/.exec(text)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation for ${email}`);
}

/** One request from upload to the sender's downloads; resolves when all of it succeeded. */
export async function lifecycle(ctx: LoadContext, index: number): Promise<void> {
  const { recorder } = ctx;
  const on = (step: number) => ctx.bases[(index + step) % ctx.bases.length]!;
  const senderEmail = ctx.senders[index % ctx.senders.length]!;
  const memberEmail = ctx.signers[index % ctx.signers.length]!;
  const guestEmail = `guest-${ctx.runId}-${index}@load.test`;

  // the sender: upload, signers, fields, send
  const sender = await login(ctx, on(0), senderEmail);
  const files =
    index % 2 === 0
      ? [CORPUS_MIX[index % CORPUS_MIX.length]!]
      : [0, 2].map((k) => CORPUS_MIX[(index + k) % CORPUS_MIX.length]!);
  const form = new FormData();
  form.set('payload', JSON.stringify({ title: `Load ${index}` }));
  for (const f of files) form.append('documents', new Blob([f.bytes], { type: 'application/pdf' }), f.name);
  const created = (await recorder.time('upload', () =>
    call(on(0), 'POST', '/v3/signature-requests', { token: sender, form }),
  )) as unknown as RequestView;
  const id = created.id;
  ctx.created(senderEmail, id);
  let request = created;
  for (const email of [memberEmail, guestEmail])
    request = (await recorder.time('add_signer', () =>
      call(on(0), 'POST', `/v3/signature-requests/${id}/signatures`, {
        token: sender,
        json: { signer_identity_data: { email_address: email } },
      }),
    )) as unknown as RequestView;
  const signerId = (email: string) => request.signatures.find((s) => s.email === email)!.id;
  const box = { x: 60, y: 60, width: 150, height: 70 };
  const fields = request.documents.flatMap((d, k) => [
    {
      id: `sig-m-${k}`,
      documentId: d.id,
      signerId: signerId(memberEmail),
      kind: 'signature',
      page: 1,
      ...box,
    },
    {
      id: `txt-m-${k}`,
      documentId: d.id,
      signerId: signerId(memberEmail),
      kind: 'text',
      label: 'Company',
      page: 1,
      ...box,
      y: 160,
      height: 20,
    },
    {
      id: `sig-g-${k}`,
      documentId: d.id,
      signerId: signerId(guestEmail),
      kind: 'signature',
      page: d.page_count,
      ...box,
      x: 300,
    },
    {
      id: `date-g-${k}`,
      documentId: d.id,
      signerId: signerId(guestEmail),
      kind: 'date_signed',
      page: d.page_count,
      ...box,
      x: 300,
      y: 160,
      height: 20,
    },
  ]);
  await recorder.time('place_fields', () =>
    call(on(0), 'PUT', `/v3/signature-requests/${id}/fields`, { token: sender, json: { fields } }),
  );
  await recorder.time('send', () =>
    call(on(0), 'POST', `/v3/signature-requests/${id}/initiate`, { token: sender }),
  );

  // the account holder, on another server when there are two
  const member = await login(ctx, on(1), memberEmail);
  const opened = (await recorder.time('open_request', () =>
    call(on(1), 'GET', `/v3/signature-requests/${id}`, { token: member }),
  )) as unknown as RequestView;
  await scroll(ctx, on(1), opened, { token: member });
  const fieldValues = request.documents.map((_, k) => ({ field_id: `txt-m-${k}`, value: 'Example Ltd' }));
  await recorder.time('sign', () =>
    call(on(1), 'POST', '/v3/sign', {
      token: member,
      json: {
        consent: CONSENT,
        signature_requests: [{ signature_request_id: id, field_values: fieldValues }],
      },
    }),
  );

  // the link holder, through the link of their invitation
  const link = await invitationLink(on(0), guestEmail, id);
  const viewed = (await recorder.time('open_request', () =>
    call(on(0), 'GET', `/v3/direct/signature-requests/${id}?token=${link}`),
  )) as unknown as RequestView;
  await scroll(ctx, on(0), viewed, { link });
  await recorder.time('sign', () =>
    call(on(0), 'POST', `/v3/direct/sign?token=${link}`, {
      json: {
        consent: CONSENT,
        signature_requests: [{ signature_request_id: id, signing_name: 'Guest Signer' }],
      },
    }),
  );

  // the sender again: the list, the signed documents, the protocol
  await recorder.time('list', () =>
    call(on(1), 'GET', '/v3/signature-requests-redesign?size=25', { token: sender }),
  );
  for (const d of request.documents)
    await recorder.time('download_signed', () =>
      call(on(1), 'GET', `/v3/documents/${d.id}/download?signed=true`, { token: sender, bytes: true }),
    );
  await recorder.time('protocol', () =>
    call(on(1), 'GET', `/v3/signature-requests/${id}/report`, { token: sender, bytes: true }),
  );
}

/** One call of a background reader: the dashboard list, or a poll of a request's status. */
export async function readerCall(
  ctx: LoadContext,
  index: number,
  session: { base: string; token: string },
  recentRequest: string | undefined,
): Promise<void> {
  if (index % 2 === 0 || !recentRequest)
    await ctx.recorder.time('reader_list', () =>
      call(session.base, 'GET', '/v3/signature-requests-redesign', { token: session.token }),
    );
  else
    await ctx.recorder.time('reader_status', () =>
      call(session.base, 'GET', `/v3/signature-requests/${recentRequest}`, { token: session.token }),
    );
}
