// Forwards cleaned error reports to a Sentry-compatible intake (Sentry, GlitchTip, Bugsink...) as
// an event envelope, the protocol every such service accepts. @sentry/core builds the envelope and
// the endpoint from the DSN; the full SDK is not loaded, since it would install its own tracing
// beside ours (ADR 081). Each call has a time limit, so a slow intake cannot pile calls up.
import { randomUUID } from 'node:crypto';
import {
  createEventEnvelope,
  getEnvelopeEndpointWithUrlEncodedAuth,
  makeDsn,
  serializeEnvelope,
  type Event,
} from '@sentry/core';
import type { ClientErrorReport } from './report.js';

export interface SentryForwarderOptions {
  dsn: string;
  environment: string;
  now: () => Date;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Whether a DSN can be read at all (the configuration refuses one that cannot). */
export function isSentryDsn(dsn: string): boolean {
  return makeDsn(dsn) !== undefined;
}

export function createSentryForwarder(options: SentryForwarderOptions) {
  const dsn = makeDsn(options.dsn);
  if (!dsn) throw new Error('SENTRY_DSN is not a DSN');
  const endpoint = getEnvelopeEndpointWithUrlEncodedAuth(dsn);
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;

  return async (report: ClientErrorReport, context: { userAgent: string | undefined }): Promise<void> => {
    const event: Event = {
      event_id: randomUUID().replaceAll('-', ''),
      timestamp: options.now().getTime() / 1000,
      platform: 'javascript',
      level: 'error',
      logger: 'web',
      environment: options.environment,
      ...(report.release && { release: report.release }),
      exception: { values: [{ type: report.name ?? 'Error', value: report.message }] },
      request: {
        url: report.path,
        ...(context.userAgent && { headers: { 'User-Agent': context.userAgent } }),
      },
      tags: { kind: report.kind },
      ...(report.stack && { extra: { stack: report.stack } }),
    };
    const response = await send(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: serializeEnvelope(createEventEnvelope(event, dsn)) as string,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the Sentry intake answered ${response.status}`);
  };
}
