// A SIGTERM on the real server process (ADR 081): the upload it is receiving finishes and is
// answered, no new connection is taken meanwhile, and the process then exits 0 having ended its
// incarnation, so that nothing it held waits for a heartbeat to age. On SQLite and PostgreSQL.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { ServedClient, startServedServer, type ServedServer } from '../test-support/served-server.js';
import { createPostgresDatabase, testDatabases } from '../test-support/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A multipart upload of `pdf` whose body is sent in two halves; `rest()` sends the second. */
function slowUpload(baseUrl: string, token: string, pdf: Uint8Array) {
  const boundary = `----countersign${Date.now()}`;
  const payload = JSON.stringify({ title: 'Drained', signatures: [{ email: 'signer@example.org' }] });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="payload"\r\n\r\n${payload}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="drained.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    Buffer.from(pdf),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const half = Math.floor(body.length / 2);
  const req = http.request(`${baseUrl}/v3/signature-requests`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, half));
  return { answered, rest: () => req.end(body.subarray(half)) };
}

describe.each(testDatabases())('a server stopped with SIGTERM on %s', (kind) => {
  let server: ServedServer | undefined;
  let drop = async () => undefined as void;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-drain-'));
  afterAll(async () => {
    await server?.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the upload in flight, takes no new connection, then exits 0 holding nothing', async () => {
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      drop = created.drop;
    }
    server = await startServedServer(
      { SHUTDOWN_TIMEOUT_MS: '20000', ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
      { dataDir },
    );
    const owner = new ServedClient(server.baseUrl);
    await owner.signUp('owner@example.org');
    expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);

    const upload = slowUpload(server.baseUrl, owner.sessionToken, await generatedPdf(2, 'Drained'));
    // the server has the request's head and half its body when the signal comes
    await sleep(300);
    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', resolve));
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    await sleep(500);
    const refused = await fetch(`${server.baseUrl}/api/ready`).then(
      (res) => res.status,
      () => 'refused' as const,
    );
    expect(refused).not.toBe(200);
    upload.rest();
    const answer = await upload.answered;
    expect(answer.status, answer.body).toBe(201);
    expect((JSON.parse(answer.body) as { id?: string }).id).toBeTruthy();
    expect(await exited).toBe(0);
    console.log(`${kind}: exited ${Date.now() - signalledAt} ms after SIGTERM (upload held open 500 ms)`);

    // the incarnation is gone: nothing it held waits for its heartbeat to age (ADR 046)
    const db = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'countersign.db') });
    try {
      const rows = await db.kysely
        .selectFrom('process_incarnations')
        .select('id')
        .where('pid', '=', server.process.pid!)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
    // a served process starts (and may compile) in the test's time: minutes on a busy machine
  }, 180_000);
});

describe('a server stopped with SIGTERM while a request never ends', () => {
  let server: ServedServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('cuts that request once SHUTDOWN_TIMEOUT_MS has passed, and exits', async () => {
    server = await startServedServer({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const owner = new ServedClient(server.baseUrl);
    await owner.signUp('owner@example.org');
    const upload = slowUpload(server.baseUrl, owner.sessionToken, await generatedPdf(1, 'Never'));
    const outcome = upload.answered.then(
      (answer) => answer.status,
      (err: NodeJS.ErrnoException) => err.code,
    );
    await sleep(300);
    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', resolve));
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    const tookMs = Date.now() - signalledAt;
    expect(await outcome).toBe('ECONNRESET');
    expect(tookMs).toBeGreaterThanOrEqual(1000);
    console.log(`exited ${tookMs} ms after SIGTERM with SHUTDOWN_TIMEOUT_MS=1000`);
  }, 180_000);
});
