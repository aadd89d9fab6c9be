// The single sign-on services of the composition root (ADR 075): the relying parties, the sealed
// client secrets, and, in development (`npm start`), the sandbox OpenID provider started beside
// the server on the next port, so a business can try single sign-on on one machine, and which
// stands in for the eID+ and ID Austria providers the environment does not name (ADR 083).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { createIdentitiesRepo, type SsoAccountsDeps } from './modules/accounts/index.js';
import type { BusinessDirectory } from './modules/businesses/index.js';
import {
  createRelyingPartyCache,
  createSecretBox,
  createSsoRepo,
  type SsoDeps,
} from './modules/sso/index.js';
import { EIDPLUS, IDAUSTRIA, RETURN_PAGES } from './modules/eid/index.js';
import { createRelyingParty, DEFAULT_SCOPES, STANDARD_CLAIMS } from './providers/openid/relying-party.js';
import {
  SANDBOX_OIDC_CLIENT,
  startSandboxOpenIdProvider,
  type SandboxOpenIdProvider,
} from './providers/openid/sandbox-provider.js';

/**
 * The sandbox provider for `npm start` and, with SANDBOX_OIDC=true, the browser journeys; never in
 * production (config), nor in server tests (they start their own).
 */
async function startDevelopmentSandbox(
  config: Config,
  redirectUris: readonly string[],
  log: FastifyBaseLogger,
): Promise<SandboxOpenIdProvider | undefined> {
  const isDevelopment = config.environment === 'development';
  if (!config.openId.sandbox || !(isDevelopment || config.openId.sandboxRequested)) return undefined;
  try {
    const provider = await startSandboxOpenIdProvider({
      redirectUris,
      // the port after the server's under `npm start`; any free one when asked for elsewhere
      port: config.port === 0 || !isDevelopment ? 0 : config.port + 1,
    });
    log.info(`sandbox OpenID provider: ${provider.issuer}`);
    return provider;
  } catch (err) {
    log.warn({ err }, 'the sandbox OpenID provider could not start; single sign-on runs without it');
    return undefined;
  }
}

export async function createSsoServices(
  config: Config,
  db: Db,
  parts: {
    accounts: Omit<SsoAccountsDeps, 'identities'>;
    businesses: BusinessDirectory;
    joinBusiness: SsoDeps['joinBusiness'];
    provisionedBy: SsoDeps['provisionedBy'];
    clock: Clock;
    log: FastifyBaseLogger;
  },
): Promise<{ deps: SsoDeps; close(): Promise<void> }> {
  const redirectUri = `${config.publicUrl}/login`;
  const eidPages = Object.values(RETURN_PAGES).map((page) => `${config.publicUrl}${page}`);
  const sandbox = await startDevelopmentSandbox(config, [redirectUri, ...eidPages], parts.log);
  const { timeoutMs, clockToleranceSeconds, allowHttp } = config.openId;
  // in development the sandbox stands in for the national eIDs the environment does not name
  const sandboxEids = sandbox
    ? Object.fromEntries(
        [EIDPLUS, IDAUSTRIA].map((name) => [
          name,
          {
            issuer: sandbox.issuer,
            ...SANDBOX_OIDC_CLIENT,
            scopes: [...DEFAULT_SCOPES],
            claims: STANDARD_CLAIMS,
          },
        ]),
      )
    : {};
  const deps: SsoDeps = {
    repo: createSsoRepo(db.kysely),
    accounts: { ...parts.accounts, identities: createIdentitiesRepo(db.kysely) },
    businesses: parts.businesses,
    joinBusiness: parts.joinBusiness,
    provisionedBy: parts.provisionedBy,
    secrets: createSecretBox(config.trustKek),
    openId: { ...config.openId, providers: { ...sandboxEids, ...config.openId.providers } },
    sandbox: sandbox ? { issuer: sandbox.issuer, ...SANDBOX_OIDC_CLIENT } : null,
    relyingParty: createRelyingPartyCache((settings) =>
      createRelyingParty(settings, { timeoutMs, clockToleranceSeconds, allowHttp }),
    ),
    clock: parts.clock,
    redirectUri,
  };
  return { deps, close: async () => sandbox?.close() };
}
