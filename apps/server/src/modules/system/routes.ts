// Health, readiness and client configuration: what the web app needs to know before anything else
// (environment for the 'Test System' overlay, the maintenance notice in force for this caller:
// staff the operator named pass a blocking one, so the caller's session is read when sent).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { getClientConfig, getHealth, getReady, snakeKeys } from '@countersign/contract';
import { registerEndpoint, registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { pendingMigrations } from '../../db/migrate.js';
import { createReadiness } from '../../operations/readiness.js';
import type { MaintenanceReader } from '../maintenance/index.js';
import { pingDatabase } from './repo.js';

export interface SystemRouteDeps {
  checkBlobStore: () => Promise<void>;
  maintenance: MaintenanceReader;
  authenticate: Authenticator;
}

export function registerSystemRoutes(
  app: FastifyInstance,
  config: Config,
  db: Db,
  { checkBlobStore, maintenance, authenticate }: SystemRouteDeps,
): void {
  const noSession = async () => undefined;
  const readiness = createReadiness({
    pingDatabase: () => pingDatabase(db.kysely),
    pendingMigrations: () => pendingMigrations(db),
    checkBlobStore,
    log: app.log,
  });
  // Anyone may ask; a session sent along is read only to tell staff, who pass a blocking notice.
  // A session that does not hold (or an API user's credentials) is nobody here, not an error.
  const staffCandidate = async (request: FastifyRequest): Promise<string | undefined> => {
    if (!request.headers.authorization) return undefined;
    const principal = await authenticate(request).catch(() => undefined);
    return principal?.kind === 'person' ? principal.userId : undefined;
  };
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

  registerEndpoint(app, getClientConfig, noSession, async ({ ctx }) => ({
    environment: config.environment,
    maintenance: await maintenance.noticeFor(await staffCandidate(ctx.request)),
    sandboxMail: config.sandboxMail,
    maxUploadMb: config.maxUploadBytes / (1024 * 1024),
    termsUrl: config.legalPages.termsUrl,
    privacyUrl: config.legalPages.privacyUrl,
    thirdParties: {
      analytics: config.thirdParties.analytics ?? null,
      userGuidance: config.thirdParties.userGuidance ?? null,
    },
  }));
}
