// Health and client configuration: what the web app needs to know before anything else
// (environment for the 'Test System' overlay, maintenance state).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { getClientConfig, getHealth } from '@countersign/contract';
import { registerEndpoint, registerRawEndpoint } from '../../http/endpoint.js';
import { pingDatabase } from './repo.js';

export function registerSystemRoutes(app: FastifyInstance, config: Config, db: Db): void {
  const noSession = async () => undefined;
  // the same body with 503 when the database does not answer, for load balancers
  registerRawEndpoint(app, getHealth, noSession, async ({ ctx: { reply } }) => {
    try {
      await pingDatabase(db.kysely);
      return { status: 'ok', database: db.dialect };
    } catch {
      reply.code(503);
      return { status: 'unavailable', database: db.dialect };
    }
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
