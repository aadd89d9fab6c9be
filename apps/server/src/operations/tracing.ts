// OpenTelemetry traces (ADR 081), exported over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT
// is set, and not set up at all otherwise: no hook, no plugin, no cost. Each HTTP call is a server
// span (continuing a caller's W3C `traceparent`), named by its route pattern; each database query
// made while it runs is a client span under it, for SQLite and PostgreSQL alike, through a Kysely
// plugin rather than a driver's instrumentation (libsql has none). The call's log lines carry its
// trace and span ids beside Fastify's request id.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Db } from '../db/database.js';

export interface Tracing {
  tracer: Tracer;
  /** Sends the spans not sent yet and stops. */
  shutdown(): Promise<void>;
}

/** Starts exporting to `endpoint` (the OTLP/HTTP base URL; traces go to `/v1/traces`). */
export function startTracing(endpoint: string): Tracing {
  // one context manager and propagator for the process, however many apps it builds (tests)
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'countersign' }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` })),
    ],
  });
  return { tracer: provider.getTracer('countersign'), shutdown: () => provider.shutdown() };
}

/** The query kinds as the spans name them. */
const OPERATIONS: Partial<Record<RootOperationNode['kind'], string>> = {
  SelectQueryNode: 'SELECT',
  InsertQueryNode: 'INSERT',
  UpdateQueryNode: 'UPDATE',
  DeleteQueryNode: 'DELETE',
  MergeQueryNode: 'MERGE',
  RawNode: 'RAW',
};

/** A Kysely plugin that makes a client span of each query, under the span current when it starts. */
function queryTracing(tracer: Tracer, system: string): KyselyPlugin {
  const spans = new WeakMap<object, Span>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const operation = OPERATIONS[args.node.kind] ?? args.node.kind;
      // only within a traced call: the jobs' queries are not spans of their own
      if (trace.getSpan(context.active())) {
        const span = tracer.startSpan(`${operation} ${system}`, {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system.name': system, 'db.operation.name': operation },
        });
        spans.set(args.queryId, span);
      }
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      spans.get(args.queryId)?.end();
      return args.result;
    },
  };
}

/** The same database, its queries traced. */
export function tracedDatabase(db: Db, tracing: Tracing): Db {
  const system = db.dialect === 'postgres' ? 'postgresql' : 'sqlite';
  return { ...db, kysely: db.kysely.withPlugin(queryTracing(tracing.tracer, system)) };
}

/** A server span around each call, current while its hooks and handler run. */
export function registerTracing(app: FastifyInstance, tracing: Tracing): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracing.tracer.startSpan(
      request.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
      parent,
    );
    spans.set(request, span);
    const { traceId, spanId } = span.spanContext();
    request.log = request.log.child({ traceId, spanId });
    reply.log = request.log;
    // the rest of the call runs with its span current, so the queries it makes are its children
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    const route = request.routeOptions.url;
    if (route) span.updateName(`${request.method} ${route}`);
    span.setAttributes({
      ...(route && { 'http.route': route }),
      'http.response.status_code': reply.statusCode,
    });
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}
