// The world the national eID tests run in: the sandbox OpenID provider (its own process-local
// server) configured as both eID+ and ID Austria, and a test app on one database.
import { afterAll, beforeAll } from 'vitest';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, type TestApp, type TestDatabaseKind } from '../../test-support/test-app.js';
import {
  SANDBOX_OIDC_CLIENT,
  startSandboxOpenIdProvider,
  type SandboxOpenIdProvider,
} from '../../providers/openid/sandbox-provider.js';
import { RETURN_PAGES } from './deps.js';

export const EID_PUBLIC_URL = 'http://countersign.test';

export const providerEnv = (name: string, issuer: string) => ({
  [`OIDC_${name}_ISSUER`]: issuer,
  [`OIDC_${name}_CLIENT_ID`]: SANDBOX_OIDC_CLIENT.clientId,
  [`OIDC_${name}_CLIENT_SECRET`]: SANDBOX_OIDC_CLIENT.clientSecret,
});

/** Starts the provider and the app before the suite's tests and stops both after them. */
export function useNationalEidWorld(kind: TestDatabaseKind) {
  const world = {} as { t: TestApp; op: SandboxOpenIdProvider };
  beforeAll(async () => {
    world.op = await startSandboxOpenIdProvider({
      redirectUris: Object.values(RETURN_PAGES).map((page) => `${EID_PUBLIC_URL}${page}`),
    });
    world.t = await createTestApp(kind, {
      env: { ...providerEnv('EIDPLUS', world.op.issuer), ...providerEnv('IDAUSTRIA', world.op.issuer) },
    });
  });
  afterAll(async () => {
    await world.op?.close();
    await world.t?.close();
  });
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(world.t.app)(...args);
  return { world, call };
}
