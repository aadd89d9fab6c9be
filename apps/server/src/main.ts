// Starts the HTTP server with the configuration from the environment.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config);
const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Countersign is running on ${config.publicUrl}${config.sandboxMail ? ` (sandbox mailbox: ${config.publicUrl}/sandbox/mail)` : ''}`,
);
