// Several stateless servers on one PostgreSQL and one S3 bucket (ADR 046, ADR 071), proven with
// real processes: two servers started at once on an empty database share one journey (upload on
// one, sign on the other, page images and downloads from both, one completion mail per party),
// and a third, killed with SIGKILL in the middle of a signature, leaves its document to the
// others within seconds, with nothing lost or doubled; pdfsig and qpdf agree with the API.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerSignatures } from '../test-support/pdfsig.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import { ServedClient, startServedServer, type ServedServer } from '../test-support/served-server.js';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.js';
import { within } from '../test-support/within.js';
import { createPostgresDatabase } from '../test-support/test-app.js';

const TITLE = 'Shared contract';
const COMPLETED_SUBJECT = `Signed by everyone: ${TITLE}`;

interface RequestView {
  status: string;
  signatures: { status: string; email: string }[];
  documents: { id: string; signed_sha256: string | null }[];
}

// PostgreSQL is what several servers share; `npm test` always provides it
describe.skipIf(!process.env['TEST_DATABASE_URL'])('two servers on one PostgreSQL and one bucket', () => {
  let s3: TestS3Server;
  let sink: SmtpSink;
  let dropDatabase = async () => undefined as void;
  let env: Record<string, string> = {};
  const servers: ServedServer[] = [];
  let a: ServedServer;
  let b: ServedServer;
  let requestId = '';
  let documentId = '';
  const clients = new Map<string, { a: ServedClient; b: ServedClient }>();
  const mailTexts = async (email: string) => sink.textsTo(email);

  const start = async (failpoints = '') => {
    const served = await startServedServer({
      ...env,
      ...(failpoints && { COUNTERSIGN_FAILPOINT: failpoints }),
    });
    servers.push(served);
    return served;
  };
  /** `email`'s session, as seen through server `on`. */
  const as = (email: string, on: 'a' | 'b') => clients.get(email)![on];
  const get = async <T>(who: ServedClient, url: string): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${who.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${who.sessionToken}` },
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const download = async (who: ServedClient, signed: boolean) => {
    const res = await fetch(
      `${who.baseUrl}/v3/documents/${documentId}/download${signed ? '?signed=true' : ''}`,
      { headers: { authorization: `Bearer ${who.sessionToken}` } },
    );
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    sink = await startSmtpSink();
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    env = {
      ...s3.env(await s3.createBucket()),
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      BACKGROUND_JOBS: 'true',
      SIGNING_THREADS: '1',
      PDF_THREADS: '1',
    };
    // both at once on the empty database: migrations and the trust services are set up once
    [a, b] = await Promise.all([start(), start()]);
    for (const email of ['owner@example.org', 'first@example.org', 'second@example.org']) {
      const onA = new ServedClient(a.baseUrl, '', mailTexts);
      await onA.signUp(email);
      // one session, valid on every server: sessions live in the database
      clients.set(email, { a: onA, b: new ServedClient(b.baseUrl, onA.sessionToken, mailTexts) });
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await sink?.close();
    await s3?.close();
    await dropDatabase();
  });

  it('uploads on one server, signs on the other, and serves pages and files from both', async () => {
    const pdf = await generatedPdf(2, TITLE);
    const created = await as('owner@example.org', 'a').upload(
      pdf,
      ['first@example.org', 'second@example.org'],
      'shared.pdf',
      TITLE,
    );
    expect(created.status).toBe(201);
    requestId = ((await created.json()) as { id: string }).id;
    expect((await as('owner@example.org', 'b').initiate(requestId)).status).toBe(200);

    const signed = await as('first@example.org', 'b').sign(requestId);
    expect(signed.status, await signed.clone().text()).toBe(200);

    const onA = await get<RequestView>(as('owner@example.org', 'a'), `/v3/signature-requests/${requestId}`);
    expect(onA.body.signatures.map((s) => s.status)).toEqual(['signed', 'pending']);
    documentId = onA.body.documents[0]!.id;
    // page images rendered by each server's own threads, from the shared bucket
    for (const on of ['a', 'b'] as const) {
      const page = await as('owner@example.org', on).pageImage(documentId, 2, 50);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^image\//);
    }
    // the same signed revision from both, as the API names it
    const [fromA, fromB] = [
      await download(as('owner@example.org', 'a'), true),
      await download(as('owner@example.org', 'b'), true),
    ];
    expect(fromA.equals(fromB)).toBe(true);
    expect(execFileSync('sha256sum', { input: fromA }).toString().split(' ')[0]).toBe(
      onA.body.documents[0]!.signed_sha256,
    );
    expect((await download(as('owner@example.org', 'b'), false)).equals(pdf)).toBe(true);
  }, 120_000);

  it('lets another server finish what a server killed mid-signature left, once', async () => {
    const doomed = await start('sign.before_commit');
    const second = new ServedClient(doomed.baseUrl, as('second@example.org', 'a').sessionToken, mailTexts);
    const signing = second.sign(requestId).catch(() => undefined);
    await doomed.reached('sign.before_commit');
    // it holds the document's lock now, and dies holding it
    await doomed.kill();
    expect(await signing).toBeUndefined();
    const stillOpen = await get<RequestView>(
      as('owner@example.org', 'a'),
      `/v3/signature-requests/${requestId}`,
    );
    expect(stillOpen.body.signatures.map((s) => s.status)).toEqual(['signed', 'pending']);

    // the dead server's lock counts for nothing once its heartbeat is stale: seconds, not minutes
    const startedAt = Date.now();
    const retried = await within(20_000, async () => {
      const res = await as('second@example.org', 'b').sign(requestId);
      return res.status === 200 ? res : undefined;
    });
    expect(retried, 'the signature on the surviving server').toBeDefined();
    console.log(`signed on the surviving server ${Date.now() - startedAt} ms after the kill`);

    const done = await get<RequestView>(as('owner@example.org', 'a'), `/v3/signature-requests/${requestId}`);
    expect(done.body.status).toBe('completed');
    expect(done.body.signatures.map((s) => s.status)).toEqual(['signed', 'signed']);
    // one signed event per signer in the audit log, whose chain holds
    const events = await get<{ chain_valid: boolean; events: { type: string }[] }>(
      as('owner@example.org', 'b'),
      `/v3/signature-requests/${requestId}/events`,
    );
    expect(events.body.chain_valid).toBe(true);
    expect(events.body.events.filter((e) => e.type === 'signed')).toHaveLength(2);

    // each party's completion mail comes once, though two servers run the outbox
    const completion = () => sink.mails.filter((m) => m.subject === COMPLETED_SUBJECT);
    expect(await within(60_000, async () => (completion().length >= 3 ? true : undefined))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // a late duplicate would show by now
    expect(
      completion()
        .map((m) => m.to.join())
        .sort(),
    ).toEqual(['first@example.org', 'owner@example.org', 'second@example.org']);
  }, 180_000);

  it('holds every signature the API reports and no other, in a PDF both tools accept', async () => {
    const done = await get<RequestView>(as('owner@example.org', 'b'), `/v3/signature-requests/${requestId}`);
    const pdf = await download(as('owner@example.org', 'a'), true);
    expect(execFileSync('sha256sum', { input: pdf }).toString().split(' ')[0]).toBe(
      done.body.documents[0]!.signed_sha256,
    );
    const bySigners = signerSignatures(pdf);
    expect(bySigners.every((sig) => sig.valid)).toBe(true);
    expect(bySigners.map((sig) => sig.commonName).sort()).toEqual(
      done.body.signatures.map((sig) => sig.email).sort(),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-servers-'));
    try {
      fs.writeFileSync(path.join(dir, 'signed.pdf'), pdf);
      execFileSync('qpdf', ['--check', path.join(dir, 'signed.pdf')], { stdio: 'pipe' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
