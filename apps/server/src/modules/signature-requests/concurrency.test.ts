// Two signers at the same moment both succeed, one after the other; a server process killed in
// the middle of a signature leaves the document at its previous revision and the request
// consistent, and the next signer proceeds once the dead process's lock has expired. A withdraw
// or decline that overlaps a signature: exactly one of them wins, the other gets 409 and leaves
// nothing behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { testFailpoints } from '../../test-support/failpoints.js';
import { signUp } from '../../test-support/accounts.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';
import { CONSENT } from '../../test-support/consent.js';

const lockTtlMs = 1500;

describe.each(testDatabases())('concurrent and interrupted signing on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const points = testFailpoints();

  const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });

  async function account(email: string) {
    tokens[email] = await signUp(t.app, email);
  }

  async function openRequest(signers: string[]) {
    const body = multipart(
      { payload: JSON.stringify({ title: 'Race', signatures: signers.map((email) => ({ email })) }) },
      [{ field: 'documents', name: 'race.pdf', bytes: await generatedPdf(2, 'Race') }],
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/v3/signature-requests',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens['owner@example.org']}` },
    });
    const id = created.json().id as string;
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (await call('POST', `/v3/signature-requests/${id}/initiate`, 'owner@example.org')).statusCode,
    ).toBe(200);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { SIGNING_LOCK_TTL_MS: String(lockTtlMs) },
      failpoint: points.failpoint,
    });
    for (const email of ['owner@example.org', 'one@example.org', 'two@example.org']) await account(email);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets two signers sign the same document at the same moment', async () => {
    const id = await openRequest(['one@example.org', 'two@example.org']);
    const sign = (who: string) =>
      call('POST', '/v3/sign', who, { consent: CONSENT, signature_requests: [{ signature_request_id: id }] });
    const [a, b] = await Promise.all([sign('one@example.org'), sign('two@example.org')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().results[0].request_status, b.json().results[0].request_status].sort()).toEqual([
      'completed',
      'open',
    ]);
    const request = (await call('GET', `/v3/signature-requests/${id}`, 'owner@example.org')).json();
    expect(request.status).toBe('completed');
    // fields (1) + two signatures (2) + validation data and document timestamp (2)
    expect(request.documents[0].revision).toBe(5);
    const doc = (await call('GET', `/v3/documents/${request.documents[0].id}`, 'owner@example.org')).json();
    expect(doc.signatures.filter((s: { kind: string }) => s.kind === 'signature')).toHaveLength(2);
  });

  it('keeps the previous revision when the signing process is killed before it commits', async () => {
    const id = await openRequest(['one@example.org', 'two@example.org']);
    const before = (await call('GET', `/v3/signature-requests/${id}`, 'owner@example.org')).json();

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../../test-support/sign-child.ts')],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: t.config.dataDir,
          PUBLIC_URL: t.config.publicUrl,
          WEB_DIST_DIR: t.config.webDistDir,
          SIGNING_LOCK_TTL_MS: String(lockTtlMs),
          COUNTERSIGN_FAILPOINT: 'sign.before_commit',
          SIGN_SESSION_TOKEN: tokens['one@example.org'],
          SIGN_REQUEST_ID: id,
          ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const reached = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('failpoint reached: sign.before_commit')) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', () => reject(new Error(`the child ended before the failpoint:\n${output}`)));
    });
    await reached;
    // while it hangs there it holds the document's lock
    expect(
      (await call('GET', `/v3/signature-requests/${id}/lock-status`, 'owner@example.org')).json().locked,
    ).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const after = (await call('GET', `/v3/signature-requests/${id}`, 'owner@example.org')).json();
    expect(after.status).toBe('open');
    expect(after.signatures.map((s: { status: string }) => s.status)).toEqual(['pending', 'pending']);
    expect(after.documents[0].revision).toBe(before.documents[0].revision);
    expect(after.documents[0].signed_sha256).toBe(before.documents[0].signed_sha256);
    const events = (await call('GET', `/v3/signature-requests/${id}/events`, 'owner@example.org')).json();
    expect(events.chain_valid).toBe(true);
    expect(events.events.map((e: { type: string }) => e.type)).not.toContain('signed');

    // the dead process's lock expires and the same signer can sign
    await new Promise((resolve) => setTimeout(resolve, lockTtlMs + 200));
    const retry = await call('POST', '/v3/sign', 'one@example.org', {
      consent: CONSENT,
      signature_requests: [{ signature_request_id: id }],
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().results[0].ok).toBe(true);
  });

  const owner = 'owner@example.org';
  const sign = (id: string, who: string) =>
    call('POST', '/v3/sign', who, { consent: CONSENT, signature_requests: [{ signature_request_id: id }] });
  const view = async (id: string) => (await call('GET', `/v3/signature-requests/${id}`, owner)).json();
  const blobFiles = () => {
    const root = path.join(t.config.dataDir, 'blobs');
    return fs.readdirSync(root).flatMap((d) => fs.readdirSync(path.join(root, d)));
  };

  it('answers a signer held up by a live signature of the same document with 409 and Retry-After', async () => {
    const id = await openRequest(['one@example.org', 'two@example.org']);
    const held = points.hold('sign.before_commit');
    const first = sign(id, 'one@example.org');
    await held.reached;
    const started = Date.now();
    const second = await sign(id, 'two@example.org');
    // bounded: a few seconds of waiting inside the server, not half a minute
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().code).toBe('signature_request.locked');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    held.release();
    expect((await first).statusCode).toBe(200);
    // the client tries again as told, and signs
    expect((await sign(id, 'two@example.org')).statusCode).toBe(200);
  });

  // The signature is held after its revisions are written and before it commits; the other
  // writer lands meanwhile and wins, so the signature must give up and remove what it wrote.
  const endings = [
    {
      name: 'the owner withdraws during the last signature',
      signers: ['one@example.org'],
      end: (id: string) => call('POST', `/v3/signature-requests/${id}/withdraw`, owner, { message: 'stop' }),
      status: 'withdrawn',
    },
    {
      name: 'the other signer declines during a signature',
      signers: ['one@example.org', 'two@example.org'],
      end: (id: string) =>
        call('POST', `/v3/signature-requests/${id}/decline`, 'two@example.org', { message: 'no' }),
      status: 'declined',
    },
  ];

  it.each(endings)('$name: the signature gets 409 and leaves nothing', async ({ signers, end, status }) => {
    const id = await openRequest(signers);
    const before = await view(id);
    const blobsBefore = blobFiles().sort();
    const held = points.hold('sign.before_commit');
    const signing = sign(id, 'one@example.org');
    await held.reached;
    const ended = await end(id);
    expect(ended.statusCode, ended.body).toBe(200);
    held.release();
    const signed = await signing;
    expect(signed.statusCode, signed.body).toBe(409);
    expect(signed.json().code).toBe('signature_request.invalid_transition');

    const after = await view(id);
    expect(after.status).toBe(status);
    expect(after.signatures[0].status).toBe('pending');
    expect(after.documents[0].revision).toBe(before.documents[0].revision);
    expect(after.documents[0].signed_sha256).toBe(before.documents[0].signed_sha256);
    expect(blobFiles().sort()).toEqual(blobsBefore);
    const events = (await call('GET', `/v3/signature-requests/${id}/events`, owner)).json();
    expect(events.chain_valid).toBe(true);
    expect(events.events.map((e: { type: string }) => e.type)).not.toContain('signed');
  });

  it('refuses a withdraw that was decided before the last signature committed', async () => {
    const id = await openRequest(['one@example.org']);
    const held = points.hold('withdraw.before_commit');
    const withdrawing = call('POST', `/v3/signature-requests/${id}/withdraw`, owner, { message: 'late' });
    await held.reached;
    const signed = await sign(id, 'one@example.org');
    expect(signed.statusCode, signed.body).toBe(200);
    held.release();
    const withdrawn = await withdrawing;
    expect(withdrawn.statusCode, withdrawn.body).toBe(409);
    expect(withdrawn.json().code).toBe('signature_request.invalid_transition');
    const after = await view(id);
    expect(after.status).toBe('completed');
    expect(after.end_message).toBeNull();
    const events = (await call('GET', `/v3/signature-requests/${id}/events`, owner)).json();
    expect(events.events.map((e: { type: string }) => e.type)).not.toContain('withdrawn');
  });
});
