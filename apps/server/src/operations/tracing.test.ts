// Traces over OTLP/HTTP (ADR 081): a small collector receives the JSON the exporter posts, and
// finds a call's server span, continuing the caller's trace, with the database queries it made as
// its children, on SQLite and PostgreSQL; the call's log lines carry the same trace id. Without
// OTEL_EXPORTER_OTLP_ENDPOINT nothing is traced.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases } from '../test-support/test-app.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

/** An OTLP/HTTP collector that keeps the spans posted to /v1/traces as JSON. */
async function startCollector() {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

describe.each(testDatabases())('traces on %s', (kind) => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  beforeAll(async () => {
    collector = await startCollector();
  });
  afterAll(async () => {
    await collector?.close();
  });

  it("sends a call's server span under the caller's trace, with its queries beneath, and logs its trace id", async () => {
    const logs = new PassThrough();
    const lines: string[] = [];
    logs.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const t = await createTestApp(kind, {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, LOG_LEVEL: 'info' },
      logStream: logs,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ready',
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(res.statusCode).toBe(200);
    // closing sends what is batched
    await t.close();

    const server = collector.spans.find((s) => s.name === 'GET /api/ready');
    expect(server, JSON.stringify(collector.spans.map((s) => s.name))).toBeDefined();
    expect(server!.traceId).toBe(TRACE_ID);
    expect(server!.parentSpanId).toBe(CALLER_SPAN);
    expect(server!.attributes).toContainEqual({ key: 'http.route', value: { stringValue: '/api/ready' } });
    const queries = collector.spans.filter((s) => s.parentSpanId === server!.spanId);
    const system = kind === 'postgres' ? 'postgresql' : 'sqlite';
    expect(queries.length).toBeGreaterThanOrEqual(2);
    for (const query of queries) {
      expect(query.traceId).toBe(TRACE_ID);
      expect(query.attributes).toContainEqual({ key: 'db.system.name', value: { stringValue: system } });
    }
    // JSON log lines of the call: Fastify's request id and the trace id together
    const completed = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry['msg'] === 'request completed');
    expect(completed).toMatchObject({ traceId: TRACE_ID, reqId: expect.any(String) });
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('traces nothing: the log lines carry the request id and no trace id', async () => {
    const logs = new PassThrough();
    const lines: string[] = [];
    logs.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const t = await createTestApp('sqlite', { env: { LOG_LEVEL: 'info' }, logStream: logs });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    expect(lines.join('')).toContain('request completed');
    expect(lines.join('')).toContain('"reqId"');
    expect(lines.join('')).not.toContain('traceId');
  });
});
