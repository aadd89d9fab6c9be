// The qualified trust service providers the server signs with over CSC API v2 (ADR 076), read
// from the environment: one per legislation, since eIDAS and ZertES credentials usually live at
// different QTSPs. A legislation without settings has no qualified signatures (signers get
// signing.quality_not_available). CSC_SANDBOX_ENROLMENT lets the sandbox QTSP issue credentials to
// people our sandbox identified; a real QTSP enrols people in its own identification, so it is
// refused in production.
import { z } from 'zod';

export interface CscProviderConfig {
  /** the CSC v2 base URL, e.g. https://qtsp.example/csc/v2 */
  baseUrl: string;
  /** the OAuth2 base when the provider's info names another one */
  oauthUrl: string | undefined;
  clientId: string;
  clientSecret: string;
}

export interface RemoteSigningConfig {
  eidas: CscProviderConfig | undefined;
  zertes: CscProviderConfig | undefined;
  /** how long one call may take before the provider counts as down */
  timeoutMs: number;
  /** enrol identified people (and seals) at the sandbox QTSP on first use */
  sandboxEnrolment: boolean;
}

const ZUrl = z.url({ protocol: /^https?$/ });
const ZRemoteSigningEnv = z.object({
  CSC_EIDAS_BASE_URL: ZUrl.optional(),
  CSC_EIDAS_OAUTH_URL: ZUrl.optional(),
  CSC_EIDAS_CLIENT_ID: z.string().min(1).optional(),
  CSC_EIDAS_CLIENT_SECRET: z.string().min(1).optional(),
  CSC_ZERTES_BASE_URL: ZUrl.optional(),
  CSC_ZERTES_OAUTH_URL: ZUrl.optional(),
  CSC_ZERTES_CLIENT_ID: z.string().min(1).optional(),
  CSC_ZERTES_CLIENT_SECRET: z.string().min(1).optional(),
  CSC_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  CSC_SANDBOX_ENROLMENT: z.enum(['true', 'false']).optional(),
});

/** A configuration mistake, reported by loadConfig as the operator's to fix. */
export class RemoteSigningConfigError extends Error {}

function providerOf(
  env: z.infer<typeof ZRemoteSigningEnv>,
  name: 'EIDAS' | 'ZERTES',
): CscProviderConfig | undefined {
  const baseUrl = env[`CSC_${name}_BASE_URL`];
  const clientId = env[`CSC_${name}_CLIENT_ID`];
  const clientSecret = env[`CSC_${name}_CLIENT_SECRET`];
  if (!baseUrl && !clientId && !clientSecret) return undefined;
  if (!baseUrl || !clientId || !clientSecret)
    throw new RemoteSigningConfigError(
      `CSC_${name}_BASE_URL, CSC_${name}_CLIENT_ID and CSC_${name}_CLIENT_SECRET go together`,
    );
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    oauthUrl: env[`CSC_${name}_OAUTH_URL`]?.replace(/\/+$/, ''),
    clientId,
    clientSecret,
  };
}

export function remoteSigningOf(env: NodeJS.ProcessEnv, isProduction: boolean): RemoteSigningConfig {
  const parsed = ZRemoteSigningEnv.safeParse(env);
  if (!parsed.success)
    throw new RemoteSigningConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  const e = parsed.data;
  if (isProduction && e.CSC_SANDBOX_ENROLMENT === 'true')
    throw new RemoteSigningConfigError('CSC_SANDBOX_ENROLMENT is for the sandbox QTSP, never production');
  return {
    eidas: providerOf(e, 'EIDAS'),
    zertes: providerOf(e, 'ZERTES'),
    timeoutMs: e.CSC_TIMEOUT_MS,
    sandboxEnrolment: !isProduction && e.CSC_SANDBOX_ENROLMENT !== 'false',
  };
}
