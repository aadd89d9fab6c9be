// What the server tells the app before anything else (GET /api/config): the environment, for the
// 'Test System' overlay, the maintenance state (spec 2) and the upload size limit. A server that does not answer is
// treated as production without maintenance, so a missing endpoint never shows test banners.
import { parseThirdParties, type ThirdParties } from '../third-parties/third-party-scripts.js';
import { STATUS_PAGE_FAILURES_BEFORE_LOG } from '@countersign/domain';

export type Environment = 'production' | 'development' | 'test';

export interface MaintenanceNotice {
  isBlocking: boolean;
  url?: string;
}

export interface AppConfig {
  environment: Environment;
  maintenance: MaintenanceNotice | null;
  /** the largest PDF the server takes, when it says (else only its 413 answer tells) */
  maxUploadBytes?: number;
  /** the operator's own terms and privacy policy, when published (else the built-in /terms, /privacy) */
  termsUrl?: string;
  privacyUrl?: string;
  /** the third-party services the operator configured, when any is (none by default) */
  thirdParties?: ThirdParties;
}

/** A web address the server named, or undefined for anything else. */
const webAddressOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^https?:\/\//.test(value) ? value : undefined;

export const fallbackAppConfig: AppConfig = { environment: 'production', maintenance: null };

const environments: readonly string[] = ['production', 'development', 'test'];

/** Reads the answer leniently: unknown fields are ignored, malformed ones fall back. */
export function parseAppConfig(raw: unknown): AppConfig {
  if (raw === null || typeof raw !== 'object') return fallbackAppConfig;
  const record = raw as Record<string, unknown>;
  const environment = environments.includes(String(record.environment))
    ? (record.environment as Environment)
    : fallbackAppConfig.environment;
  const maintenanceRaw = record.maintenance;
  let maintenance: MaintenanceNotice | null = null;
  if (maintenanceRaw !== null && typeof maintenanceRaw === 'object') {
    const notice = maintenanceRaw as Record<string, unknown>;
    const isBlocking = notice.is_blocking ?? notice.isBlocking;
    maintenance = { isBlocking: isBlocking === true };
    if (typeof notice.url === 'string' && /^https?:\/\//.test(notice.url)) maintenance.url = notice.url;
  }
  const maxUploadMb = record.max_upload_mb ?? record.maxUploadMb;
  const isLimit = typeof maxUploadMb === 'number' && Number.isFinite(maxUploadMb) && maxUploadMb > 0;
  const termsUrl = webAddressOf(record.terms_url ?? record.termsUrl);
  const privacyUrl = webAddressOf(record.privacy_url ?? record.privacyUrl);
  const thirdParties = parseThirdParties(record.third_parties ?? record.thirdParties);
  return {
    environment,
    maintenance,
    ...(thirdParties.analytics || thirdParties.userGuidance ? { thirdParties } : {}),
    ...(isLimit && { maxUploadBytes: Math.floor(maxUploadMb * 1024 * 1024) }),
    ...(termsUrl && { termsUrl }),
    ...(privacyUrl && { privacyUrl }),
  };
}

/**
 * Spec 8: "Status-page fetch failing more than 5 times is logged." The app goes on with the
 * fallback after each failure, so one failure says nothing; a sixth in a row means the server's
 * status cannot be read at all and is reported, once, until a fetch succeeds again.
 */
export interface StatusPageWatch {
  record(isOk: boolean): void;
}

export function createStatusPageWatch(report: (error: Error) => void): StatusPageWatch {
  let failuresInARow = 0;
  return {
    record(isOk) {
      failuresInARow = isOk ? 0 : failuresInARow + 1;
      if (failuresInARow !== STATUS_PAGE_FAILURES_BEFORE_LOG + 1) return;
      const error = new Error(`The status page failed ${failuresInARow} times in a row`);
      error.name = 'StatusPageUnreachable';
      report(error);
    },
  };
}

export async function fetchAppConfig(doFetch: typeof fetch, watch?: StatusPageWatch): Promise<AppConfig> {
  try {
    const response = await doFetch('/api/config', { headers: { accept: 'application/json' } });
    watch?.record(response.ok);
    if (!response.ok) return fallbackAppConfig;
    return parseAppConfig(await response.json());
  } catch {
    watch?.record(false);
    return fallbackAppConfig;
  }
}
