// Health, readiness and client configuration: what the web app needs to know before anything else
// (environment for the 'Test System' overlay, maintenance state).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { getClientConfig, getHealth, getReady, snakeKeys } from '@countersign/contract';
import { registerEndpoint, registerRawEndpoint } from '../../http/endpoint.js';
import { pendingMigrations } from '../../db/migrate.js';
import { createReadiness } from '../../operations/readiness.js';
import { pingDatabase } from './repo.js';

export function registerSystemRoutes(
  app: FastifyInstance,
  config: Config,
  db: Db,
  checkBlobStore: () => Promise<void>,
): void {
  const noSession = async () => undefined;
  const readiness = createReadiness({
    pingDatabase: () => pingDatabase(db.kysely),
    pendingMigrations: () => pendingMigrations(db),
    checkBlobStore,
    log: app.log,
  });
  // liveness: the same body with 503 when the database does not answer
  registerRawEndpoint(app, getHealth, noSession, async ({ ctx: { reply } }) => {
    try {
      await pingDatabase(db.kysely);
      return { status: 'ok', database: db.dialect };
    } catch {
      reply.code(503);
      return { status: 'unavailable', database: db.dialect };
    }
  });

  // whether to send this server traffic (ADR 081): 503 names the check that failed, never why
  registerRawEndpoint(app, getReady, noSession, async ({ ctx: { reply } }) => {
    const report = await readiness();
    if (report.status !== 'ready') reply.code(503);
    return snakeKeys(getReady.response.parse(report));
  });

  registerEndpoint(app, getClientConfig, noSession, async () => ({
    environment: config.environment,
    maintenance:
      config.maintenance.mode === 'off'
        ? null
        : {
            isBlocking: config.maintenance.mode === 'blocking',
            ...(config.maintenance.url && { url: config.maintenance.url }),
          },
    sandboxMail: config.sandboxMail,
    maxUploadMb: config.maxUploadBytes / (1024 * 1024),
    termsUrl: config.legalPages.termsUrl,
    privacyUrl: config.legalPages.privacyUrl,
  }));
}
