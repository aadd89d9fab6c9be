// What a client needs to know before anything else: the environment (non-production systems
// show the 'Test System' overlay), the maintenance notice (spec 3: isBlocking, url), whether
// the sandbox mailbox is on, the largest document an upload may carry, and where the terms and
// privacy policy are published.
import { z } from 'zod';
import { defineEndpoint, ZFile } from './endpoint.js';

/** A third-party script the web app loads: its address and the installation's id at the service. */
const ZScriptService = z.object({ scriptUrl: z.string(), id: z.string() });

export const getClientConfig = defineEndpoint({
  method: 'GET',
  path: '/api/config',
  summary: 'Environment, maintenance notice and sandbox switches for the web app',
  description:
    'Anyone may call it. A session sent along is read only to tell staff the operator named, who pass a blocking maintenance notice; a session that does not hold is no error here.',
  tags: ['Other'],
  auth: 'none',
  response: z.object({
    environment: z.enum(['production', 'development', 'test']),
    maintenance: z.object({ isBlocking: z.boolean(), url: z.string().optional() }).nullable(),
    sandboxMail: z.boolean(),
    /** the largest PDF an upload may carry (MAX_UPLOAD_MB), so a client can refuse one before sending it */
    maxUploadMb: z.number().positive(),
    /** the operator's terms and privacy policy (TERMS_URL, PRIVACY_URL); null: the app's built-in /terms and /privacy */
    termsUrl: z.string().nullable(),
    privacyUrl: z.string().nullable(),
    /**
     * The third-party services the operator configured, each null while it is not (the default):
     * analytics (ANALYTICS_SCRIPT_URL, ANALYTICS_SITE_ID) and the user-guidance tool
     * (USER_GUIDANCE_SCRIPT_URL, USER_GUIDANCE_APP_TOKEN). The pages' Content-Security-Policy
     * allows the configured scripts' origins and no others.
     */
    thirdParties: z.object({
      analytics: ZScriptService.nullable(),
      userGuidance: ZScriptService.nullable(),
    }),
  }),
});

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Whether the service and its database answer (503 when the database does not)',
  tags: ['Other'],
  auth: 'none',
  sameBodyStatuses: { 503: 'The database does not answer (status `unavailable`)' },
  response: z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['sqlite', 'postgres']),
  }),
});

/** One readiness check: whether it passed; migrations may also be pending (applied by a newer release only). */
const ZReadyCheck = z.enum(['ok', 'failed']);

export const getReady = defineEndpoint({
  method: 'GET',
  path: '/api/ready',
  summary: 'Whether this server should be sent traffic: its database, blob store and schema (503 when not)',
  description:
    'For a load balancer. 200 only when the database answers, the blob store answers and every ' +
    'migration this release knows is applied; otherwise 503 with the check that failed. A server ' +
    'that is shutting down stops accepting connections and answers 503 on those still open. ' +
    '`/api/health` stays the liveness check: whether the process itself answers.',
  tags: ['Other'],
  auth: 'none',
  sameBodyStatuses: { 503: 'A check failed (status `unavailable`)' },
  response: z.object({
    status: z.enum(['ready', 'unavailable']),
    checks: z.object({
      database: ZReadyCheck,
      blobStore: ZReadyCheck,
      migrations: z.enum(['ok', 'pending', 'failed']),
    }),
  }),
});

export const getMetrics = defineEndpoint({
  method: 'GET',
  path: '/metrics',
  summary: "This server's metrics in Prometheus' text format",
  description:
    'Requests by route pattern, method and status with their durations, problems by code, ' +
    'signatures by quality, the signing and PDF thread queues, the mail and webhook backlog, ' +
    'event-loop lag and memory. Answered to clients on this machine, and to others only with ' +
    '`Authorization: Bearer <METRICS_TOKEN>` when that setting is given; refused otherwise.',
  tags: ['Other'],
  auth: 'none',
  response: ZFile,
  file: { mediaTypes: ['text/plain'], description: 'Prometheus text exposition format 0.0.4' },
  problems: ['metrics.forbidden'],
});

export const getOpenApiDocument = defineEndpoint({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This OpenAPI 3.1 document (browsable at /api/docs)',
  tags: ['Other'],
  auth: 'none',
  response: z.record(z.string(), z.unknown()),
});

export const systemEndpoints = { getClientConfig, getHealth, getReady, getMetrics, getOpenApiDocument };
