// Prometheus metrics at /metrics (ADR 081), kept in a registry of this app (several apps share a
// test process). Requests are labelled by route pattern (`/v3/documents/:id`), never by raw URL,
// so ids do not make a series each; a request no route matched counts under `(unmatched)`.
// Gauges that cost a query (the outbox backlogs) are read when Prometheus scrapes, not before.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { getMetrics } from '@countersign/contract';
import client from 'prom-client';
import { registerRawEndpoint } from '../http/endpoint.js';
import { problemCodeOf } from '../http/errors.js';
import { isLocalClient } from '../http/loopback.js';
import { AppError } from '../lib/app-error.js';

export interface MetricsSources {
  /** signing and PDF jobs not answered yet, per pool; a pool absent when its work runs inline */
  poolDepths: Partial<Record<'signing' | 'pdf', () => number>>;
  /** mails and webhook deliveries waiting to go */
  outboxBacklog: () => Promise<{ mail: number; webhooks: number }>;
  log: { warn(obj: unknown, msg: string): void };
}

export interface Metrics {
  registry: client.Registry;
  /** a signature was committed, at this quality */
  signed(quality: string): void;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const signatures = new client.Counter({
    name: 'countersign_signatures_total',
    help: 'Signatures committed by this process, by quality (ses, aes, qes)',
    labelNames: ['quality'],
    registers: [registry],
  });
  new client.Gauge({
    name: 'countersign_pool_queue_depth',
    help: 'Jobs handed to a thread pool and not answered yet',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const [pool, depth] of Object.entries(sources.poolDepths)) this.set({ pool }, depth());
    },
  });
  new client.Gauge({
    name: 'countersign_outbox_backlog',
    help: 'Mails and webhook deliveries waiting to be sent (the whole installation, read from the database)',
    labelNames: ['outbox'],
    registers: [registry],
    async collect() {
      try {
        const backlog = await sources.outboxBacklog();
        this.set({ outbox: 'mail' }, backlog.mail);
        this.set({ outbox: 'webhooks' }, backlog.webhooks);
      } catch (err) {
        // the rest of the metrics still tell what happens; the readiness check names the database
        sources.log.warn({ err }, 'the outbox backlog could not be read for the metrics');
      }
    },
  });
  return { registry, signed: (quality) => signatures.inc({ quality }) };
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function isBearer(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** Times every request and counts problems, and serves /metrics to whom may read it. */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  access: { token: string | undefined; trustsProxy: boolean },
): void {
  const durations = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  const problems = new client.Counter({
    name: 'countersign_problems_total',
    help: 'Problem answers, by stable problem code',
    labelNames: ['code'],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    durations.observe(labels, reply.elapsedTime / 1000);
    const code = problemCodeOf(reply);
    if (code) problems.inc({ code });
  });
  registerRawEndpoint(
    app,
    getMetrics,
    async () => undefined,
    async ({ ctx: { request, reply } }) => {
      const allowed =
        isLocalClient(request, access.trustsProxy) ||
        (access.token !== undefined && isBearer(request.headers.authorization, access.token));
      if (!allowed)
        throw new AppError(
          'metrics.forbidden',
          'The metrics answer this machine, or a client with the Bearer METRICS_TOKEN',
        );
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}
