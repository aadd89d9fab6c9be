// The web app's error reports, on SQLite and PostgreSQL: a report is logged without the secrets an
// address can carry (a signing link's token, a fragment's code, a token-like string in a message);
// bad reports are refused with the usual codes; one IP's reports are capped a minute; with a
// Sentry DSN each report reaches that intake as an event envelope, and an intake that is down
// changes nothing for the browser.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { parseEnvelope } from '@sentry/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const linkToken = 'Zq3xVb8LmN2pQ7rT0sUw4yA6cE9gHjK1oI5dF_-tRk';

const report = {
  kind: 'render',
  name: 'TypeError',
  message: `Cannot read properties of undefined (reading 'signers') at /view/r1/s1?token=${linkToken}`,
  stack: `TypeError: x\n    at Signers (https://sign.example.org/assets/view-page.js?v=3#L10:5)\n    at ${linkToken}`,
  path: `/view/r1/s1?token=${linkToken}#part`,
  release: '2026.11.29',
};

/** Log lines of the app, as objects. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/** A Sentry-compatible intake on a free port: what it received, and the answer it gives. */
async function startIntake(status = 200) {
  const received: { url: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString() });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    dsn: `http://publickey0123@127.0.0.1:${port}/42`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('web app error reports on %s', (kind) => {
  let t: TestApp;
  let intake: Awaited<ReturnType<typeof startIntake>>;
  const log = logSink();
  const send = (body: object, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: body,
      remoteAddress: ip,
      headers: { 'user-agent': 'Mozilla/5.0 (test)' },
    });

  beforeAll(async () => {
    intake = await startIntake();
    t = await createTestApp(kind, {
      env: { LOG_LEVEL: 'warn', SENTRY_DSN: intake.dsn, CLIENT_ERRORS_PER_IP_MINUTE: '3' },
      logStream: log.stream,
    });
  });
  afterAll(async () => {
    await t?.close();
    await intake?.close();
  });

  it('logs a report without the query strings, fragments and tokens it carried', async () => {
    const answer = await send(report);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({ ok: true });
    const line = log.lines.find((l) => l['clientError'] !== undefined);
    expect(line).toMatchObject({
      level: 40,
      userAgent: 'Mozilla/5.0 (test)',
      clientError: {
        kind: 'render',
        name: 'TypeError',
        path: '/view/r1/s1',
        release: '2026.11.29',
        message: "Cannot read properties of undefined (reading 'signers') at /view/r1/s1",
      },
    });
    const stack = (line!['clientError'] as { stack: string }).stack;
    expect(stack).toContain('https://sign.example.org/assets/view-page.js');
    expect(stack).toContain('[redacted]');
    expect(JSON.stringify(log.lines)).not.toContain(linkToken);
  });

  it('forwards the cleaned report to the Sentry intake as an event envelope', async () => {
    await vi.waitFor(() => expect(intake.received.length).toBeGreaterThanOrEqual(1), { timeout: 5_000 });
    const [delivery] = intake.received;
    const url = new URL(delivery!.url, 'http://intake');
    expect(url.pathname).toBe('/api/42/envelope/');
    expect(url.searchParams.get('sentry_key')).toBe('publickey0123');
    const [headers, items] = parseEnvelope(delivery!.body);
    expect(headers).toMatchObject({ event_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const [itemHeaders, event] = items[0]!;
    expect(itemHeaders.type).toBe('event');
    expect(event).toMatchObject({
      environment: 'test',
      release: '2026.11.29',
      tags: { kind: 'render' },
      request: { url: '/view/r1/s1' },
      exception: { values: [{ type: 'TypeError' }] },
    });
    expect(delivery!.body).not.toContain(linkToken);
  });

  it('refuses a report without a message or with a path that is no path', async () => {
    const { message: _message, ...withoutMessage } = report;
    const missing = await send(withoutMessage, '203.0.113.8');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('request.validation_failed');
    const notAPath = await send({ ...report, path: 'https://elsewhere.example/x' }, '203.0.113.8');
    expect(notAPath.statusCode).toBe(400);
    const unknownKind = await send({ ...report, kind: 'console' }, '203.0.113.8');
    expect(unknownKind.statusCode).toBe(400);
  });

  it("caps one IP's reports a minute, other IPs still reporting", async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 3; i += 1) expect((await send(report, ip)).statusCode).toBe(202);
    const fourth = await send(report, ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('rate_limit.exceeded');
    expect(fourth.headers['retry-after']).toBeDefined();
    expect((await send(report, '198.51.100.21')).statusCode).toBe(202);
  });
});

describe('an error intake that is down', () => {
  it('still takes the report and logs why it was not forwarded', async () => {
    const intake = await startIntake(503);
    const log = logSink();
    const t = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'warn', SENTRY_DSN: intake.dsn },
      logStream: log.stream,
    });
    try {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: report })).statusCode,
      ).toBe(202);
      await vi.waitFor(
        () =>
          expect(log.lines.map((l) => l['msg'])).toContain(
            'an error report could not be forwarded to Sentry',
          ),
        { timeout: 5_000 },
      );
    } finally {
      await t.close();
      await intake.close();
    }
  });

  it('refuses a SENTRY_DSN that is not a DSN', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SENTRY_DSN: 'https://sentry.example.org/' })).toThrow(
      /SENTRY_DSN/,
    );
  });
});
