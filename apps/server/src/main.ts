// Starts the HTTP server with the configuration from the environment.
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { installGracefulShutdown } from './operations/shutdown.js';

/** A configuration mistake is the operator's to fix: say what, without a stack trace. */
function refuseToStart(err: unknown): never {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Countersign cannot start: ${err.message}`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  refuseToStart(err);
}
// the configuration may also be refused once tried (a blob store bucket that does not answer)
const app = await buildApp(config).catch(refuseToStart);
// SIGTERM drains the requests in flight before the process ends (ADR 081)
installGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs });
await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Countersign is running on ${config.publicUrl}${config.sandboxMail ? ` (sandbox mailbox: ${config.publicUrl}/sandbox/mail)` : ''}`,
);
