// The Mobile ID service the server asks for phone confirmations (ADR 094, 107), read from the
// environment: Swisscom Mobile ID's REST interface (ETSI TS 102 204), reached with mutual TLS. All
// of it or none: a half-given configuration stops the server at start. None keeps the sandbox
// phone where sandboxes run, and 503 mobile_id.unavailable elsewhere.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export interface MobileIdConfig {
  /** the service's base URL, e.g. https://mobileid.swisscom.com (`/rest/service/...` hangs off it) */
  url: string;
  /** the application provider's id and password at the service */
  apId: string;
  apPassword: string;
  /** the application provider's client certificate and key, PEM */
  clientCert: string;
  clientKey: string;
  /** the CA certificates the service's TLS certificate chains to, PEM; unset: the system's */
  serverCa: string | undefined;
  /** e.g. http://mid.swisscom.ch/Any-LoA4 */
  signatureProfile: string;
  /** the prefix the service demands in front of every message it shows, if any */
  messagePrefix: string;
  /** how long the phone shows a confirmation, seconds */
  timeoutSeconds: number;
}

/** A configuration mistake, reported by loadConfig as the operator's to fix. */
export class MobileIdConfigError extends Error {}

const ZMobileIdEnv = z.object({
  MOBILE_ID_URL: z.url({ protocol: /^https$/ }).optional(),
  MOBILE_ID_AP_ID: z.string().trim().min(1).optional(),
  MOBILE_ID_AP_PASSWORD: z.string().min(1).optional(),
  MOBILE_ID_CLIENT_CERT: z.string().min(1).optional(),
  MOBILE_ID_CLIENT_KEY: z.string().min(1).optional(),
  MOBILE_ID_SERVER_CA: z.string().min(1).optional(),
  MOBILE_ID_SIGNATURE_PROFILE: z.string().trim().min(1).default('http://mid.swisscom.ch/Any-LoA4'),
  MOBILE_ID_MESSAGE_PREFIX: z.string().default(''),
  MOBILE_ID_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(300).default(80),
});

const REQUIRED = [
  'MOBILE_ID_URL',
  'MOBILE_ID_AP_ID',
  'MOBILE_ID_AP_PASSWORD',
  'MOBILE_ID_CLIENT_CERT',
  'MOBILE_ID_CLIENT_KEY',
] as const;

function pemFile(name: string, file: string, marker: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new MobileIdConfigError(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
  if (!text.includes(marker)) throw new MobileIdConfigError(`${name}: ${file} holds no PEM ${marker}`);
  return text;
}

export function mobileIdOf(env: NodeJS.ProcessEnv): MobileIdConfig | undefined {
  // an empty variable counts as unset, as for the other settings
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZMobileIdEnv.safeParse(given);
  if (!parsed.success)
    throw new MobileIdConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  const e = parsed.data;
  const present = REQUIRED.filter((name) => e[name] !== undefined);
  if (present.length === 0) return undefined;
  if (present.length < REQUIRED.length)
    throw new MobileIdConfigError(
      `${REQUIRED.join(', ')} go together; missing: ${REQUIRED.filter((n) => !present.includes(n)).join(', ')}`,
    );
  return {
    url: e.MOBILE_ID_URL!.replace(/\/+$/, ''),
    apId: e.MOBILE_ID_AP_ID!,
    apPassword: e.MOBILE_ID_AP_PASSWORD!,
    clientCert: pemFile('MOBILE_ID_CLIENT_CERT', e.MOBILE_ID_CLIENT_CERT!, 'CERTIFICATE'),
    clientKey: pemFile('MOBILE_ID_CLIENT_KEY', e.MOBILE_ID_CLIENT_KEY!, 'PRIVATE KEY'),
    serverCa: e.MOBILE_ID_SERVER_CA && pemFile('MOBILE_ID_SERVER_CA', e.MOBILE_ID_SERVER_CA, 'CERTIFICATE'),
    signatureProfile: e.MOBILE_ID_SIGNATURE_PROFILE,
    messagePrefix: e.MOBILE_ID_MESSAGE_PREFIX,
    timeoutSeconds: e.MOBILE_ID_TIMEOUT_SECONDS,
  };
}
