// Graceful shutdown (ADR 081): on SIGTERM or SIGINT the server stops listening, so new
// connections go to the other servers; the requests in flight finish (a signature being made
// is not cut in half), requests that arrive on connections still open are answered 503, and
// idle connections are closed. When the last request has been answered, the app's close hooks
// stop the periodic jobs and the threads and end this process's incarnation, which frees its
// locks, claims and leases at once (ADR 046); then the process exits. A request still running
// after `timeoutMs` has its connection cut, so an orchestrator's own deadline is not reached
// with the leases still held.
import type { FastifyInstance } from 'fastify';

/** After the connections are cut, how long the close hooks may take before the process gives up. */
const CLOSE_HOOKS_MS = 10_000;

export function installGracefulShutdown(
  app: FastifyInstance,
  options: { timeoutMs: number; exit?: (code: number) => void },
): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    app.log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
    const cut = setTimeout(() => {
      app.log.warn({ afterMs: options.timeoutMs }, 'shutting down: cutting the requests still in flight');
      app.server.closeAllConnections();
      setTimeout(() => {
        app.log.error({}, 'shutting down: the close did not finish; exiting anyway');
        exit(1);
      }, CLOSE_HOOKS_MS).unref();
    }, options.timeoutMs);
    cut.unref();
    app.close().then(
      () => {
        clearTimeout(cut);
        app.log.info({ tookMs: Date.now() - started }, 'shut down');
        exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutting down failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
