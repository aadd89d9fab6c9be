// What Prometheus reads at /metrics (ADR 081), parsed from the text format: requests by route
// pattern, problems by code, signatures by quality and the outbox backlog move with what the
// server does; the metrics answer this machine, and others only with METRICS_TOKEN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test-support/accounts.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { sendRequest, signAs } from '../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments left out). */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

/** The value of the one sample of `name` with these labels (0 when there is none yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}

describe.each(testDatabases())('metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('count a signature by quality, requests by route pattern and problems by code', async () => {
    const before = await scrape(t);
    const owner = await signUp(t.app, 'owner@example.org');
    const signer = await signUp(t.app, 'signer@example.org');
    const { id } = await sendRequest(t.app, owner, await generatedPdf(1, 'Metrics'), ['signer@example.org']);
    await signAs(t.app, signer, id);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/v3/signature-requests/nosuchrequest',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(missing.json().code).toBe('signature_request.not_found');
    const after = await scrape(t);

    const signatures = (s: Sample[]) => valueOf(s, 'countersign_signatures_total', { quality: 'ses' });
    expect(signatures(after) - signatures(before)).toBe(1);
    const signCalls = (s: Sample[]) =>
      valueOf(s, 'http_request_duration_seconds_count', { method: 'POST', route: '/v3/sign', status: '200' });
    expect(signCalls(after) - signCalls(before)).toBe(1);
    expect(
      valueOf(after, 'http_request_duration_seconds_count', {
        route: '/v3/signature-requests/:id/initiate',
        status: '200',
      }),
    ).toBe(1);
    // a route pattern, never a raw URL with an id in it
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);
    const notFound = (s: Sample[]) =>
      valueOf(s, 'countersign_problems_total', { code: 'signature_request.not_found' });
    expect(notFound(after) - notFound(before)).toBe(1);
  });

  it('tell the mail backlog from the outbox, and the event-loop lag and memory', async () => {
    const backlog = (s: Sample[]) => valueOf(s, 'countersign_outbox_backlog', { outbox: 'mail' });
    const before = await scrape(t);
    const at = new Date().toISOString();
    await t.db.kysely
      .insertInto('mail_outbox')
      .values({
        id: 'metrics-waiting-mail',
        to_address: 'later@example.org',
        subject: 'Waiting',
        text_body: 'text',
        html_body: '<p>text</p>',
        status: 'pending',
        attempts: 0,
        // not due for an hour: nothing sends it during the test
        next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
        last_error: null,
        created_at: at,
        claimed_by: null,
        idempotency_key: null,
      })
      .execute();
    const after = await scrape(t);
    expect(backlog(after) - backlog(before)).toBe(1);
    expect(
      after.some((s) => s.name === 'countersign_outbox_backlog' && s.labels['outbox'] === 'webhooks'),
    ).toBe(true);
    expect(valueOf(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
  });
});

describe('who may read the metrics', () => {
  const token = 'a-metrics-token-of-some-length';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { METRICS_TOKEN: token, PDF_THREADS: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const fromAfar = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers });

  it('answers this machine, and another only with the Bearer METRICS_TOKEN', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    // the PDF thread pool is there, idle
    expect(valueOf(parseExposition(local.body), 'countersign_pool_queue_depth', { pool: 'pdf' })).toBe(0);
    expect((await fromAfar({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    for (const refused of [
      await fromAfar(),
      await fromAfar({ authorization: 'Bearer not-the-token' }),
      // a proxy on this machine that nothing said to trust: its client is not this machine
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('metrics.forbidden');
      expect(refused.body).not.toContain('countersign_');
    }
  });
});
