// The third-party services the web app may load, read from the environment: an analytics service
// (a privacy-respecting one such as Plausible or Matomo) and the user-guidance tool. Each is off
// until its settings are given,
// and a half-given service is a configuration mistake rather than a silent half-load. Script
// addresses must be HTTPS (HTTP only on a loopback host, for development): the Content-Security-
// Policy names their origins, and only theirs.
import { z } from 'zod';

export interface ScriptService {
  /** the script the web app loads */
  scriptUrl: string;
  /** the installation's id at the service (site id, app token, programme id) */
  id: string;
}

export interface ThirdPartyConfig {
  analytics: ScriptService | undefined;
  userGuidance: ScriptService | undefined;
}

/** A configuration mistake, reported by loadConfig as the operator's to fix. */
export class ThirdPartyConfigError extends Error {}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
const ZServiceUrl = z.url({ protocol: /^https?$/ }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || isLoopback(url);
}, 'must be an https:// address (http:// only on a loopback host)');
const ZId = z.string().trim().min(1).max(200);

const ZThirdPartyEnv = z.object({
  ANALYTICS_SCRIPT_URL: ZServiceUrl.optional(),
  ANALYTICS_SITE_ID: ZId.optional(),
  USER_GUIDANCE_SCRIPT_URL: ZServiceUrl.optional(),
  USER_GUIDANCE_APP_TOKEN: ZId.optional(),
});
type ThirdPartyEnv = z.infer<typeof ZThirdPartyEnv>;

function serviceOf(
  env: ThirdPartyEnv,
  urlName: 'ANALYTICS_SCRIPT_URL' | 'USER_GUIDANCE_SCRIPT_URL',
  idName: 'ANALYTICS_SITE_ID' | 'USER_GUIDANCE_APP_TOKEN',
): ScriptService | undefined {
  const scriptUrl = env[urlName];
  const id = env[idName];
  if (scriptUrl === undefined && id === undefined) return undefined;
  if (scriptUrl === undefined || id === undefined) {
    throw new ThirdPartyConfigError(`${urlName} and ${idName} go together`);
  }
  return { scriptUrl, id };
}

export function thirdPartiesOf(env: NodeJS.ProcessEnv): ThirdPartyConfig {
  // an empty variable counts as unset, as for the other settings
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZThirdPartyEnv.safeParse(given);
  if (!parsed.success) {
    throw new ThirdPartyConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  const e = parsed.data;
  return {
    analytics: serviceOf(e, 'ANALYTICS_SCRIPT_URL', 'ANALYTICS_SITE_ID'),
    userGuidance: serviceOf(e, 'USER_GUIDANCE_SCRIPT_URL', 'USER_GUIDANCE_APP_TOKEN'),
  };
}

/** The origins the pages' Content-Security-Policy must allow scripts from: the configured ones only. */
export function scriptOrigins(config: ThirdPartyConfig): string[] {
  const services = [config.analytics, config.userGuidance];
  return [...new Set(services.flatMap((s) => (s ? [new URL(s.scriptUrl).origin] : [])))];
}
