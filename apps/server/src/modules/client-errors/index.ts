// The web app's error reports (ADR 091): POST /api/client-errors, logged and, with SENTRY_DSN,
// forwarded to a Sentry-compatible intake.
export { registerClientErrorRoutes } from './routes.js';
export { createSentryForwarder, isSentryDsn } from './sentry-forwarder.js';
export type { ClientErrorDeps } from './report.js';
