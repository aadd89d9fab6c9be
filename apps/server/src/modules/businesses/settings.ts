// Business settings (spec section 3): their defaults, and how a change is applied. A setting the
// product does not act on yet is refused unless the change keeps its value, so that nobody
// believes a switch works that does nothing. Support contact e-mail and phone are blanked when
// invalid (spec section 5). Redirect origins are kept only in their exact https form (ADR 064), and
// so are the origins that may frame embedded signing (ADR 088).
import type { BusinessSettings, BusinessSettingsPatch } from '@countersign/contract';
import {
  normaliseEmbeddingOrigins,
  normaliseRedirectOrigins,
  sanitiseSupportContact,
} from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';

export function defaultSettings(): BusinessSettings {
  return {
    supportContact: { email: '', phone: '' },
    signatureRequests: {
      part11: { enabled: false },
      retention: { enabled: false, terminalState: 'completed' },
    },
    companyBranding: { logo: null },
    mailService: {
      attachments: {
        signedDocument: { enabled: true, customisable: false },
        signatureProtocol: { enabled: true, customisable: false },
      },
    },
    signerGroups: { maxGroups: 10, maxParticipants: 20 },
    affiliate: { enabled: false },
    mabSettings: { directSign: { enabled: true } },
    userPilot: { enabled: false },
    // nothing registered: every exit, decline or error address is asked about first
    redirects: { allowedOrigins: [] },
    // nobody may frame the embedded signing page until the business names who may (ADR 088)
    embeddedSigning: { allowedOrigins: [] },
  };
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep merge of plain objects; `over` wins, arrays and null replace. */
function merge<T>(base: T, over: unknown): T {
  if (!isPlain(base) || !isPlain(over)) return (over === undefined ? base : over) as T;
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value !== undefined) out[key] = key in base ? merge(base[key], value) : value;
  }
  return out as T;
}

/** Stored settings completed with today's defaults (settings added later read as their default). */
export function withDefaults(stored: Partial<BusinessSettings>): BusinessSettings {
  return merge(defaultSettings(), stored);
}

/**
 * The settings the product does not act on yet, by path: per-request customisation of mail
 * attachments has no screen. (`affiliate.enabled` admits the business to the referral programme:
 * billing hands out and honours its referral code only while it is on, ADR 104. The signer
 * group limits act: modules/groups; mabSettings.directSign lets the business's link signers sign by
 * redirect to their trust service provider: ADR 076; Part 11 mode acts on every signature of the
 * business's requests: signature-requests/part11, ADR 077.)
 */
const WITHOUT_EFFECT: readonly string[][] = [
  ['mailService', 'attachments', 'signedDocument', 'customisable'],
  ['mailService', 'attachments', 'signatureProtocol', 'customisable'],
];

function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((v, key) => (isPlain(v) ? v[key] : undefined), value);
}

/** The settings after a change, or a 422 naming the first setting that has no effect yet. */
export function applySettingsPatch(
  current: BusinessSettings,
  patch: BusinessSettingsPatch,
): BusinessSettings {
  for (const path of WITHOUT_EFFECT) {
    const asked = at(patch, path);
    if (asked !== undefined && asked !== at(current, path)) {
      throw new AppError(
        'business.setting_not_supported',
        `The setting ${path.join('.')} has no effect yet and cannot be changed`,
        { errors: [{ path: `body.${path.map(snake).join('.')}`, message: 'not supported yet' }] },
      );
    }
  }
  const next = merge(current, patch);
  return {
    ...next,
    supportContact: sanitiseSupportContact(next.supportContact),
    redirects: { allowedOrigins: checkedOrigins(next.redirects.allowedOrigins) },
    embeddedSigning: { allowedOrigins: checkedEmbeddingOrigins(next.embeddedSigning.allowedOrigins) },
  };
}

/** The origins allowed to frame embedded signing in their one form, or a 422 naming the first bad one. */
function checkedEmbeddingOrigins(values: readonly string[]): string[] {
  const result = normaliseEmbeddingOrigins(values);
  if (result.ok) return result.origins;
  throw new AppError(
    'business.embedding_origin_invalid',
    `Not an origin that may frame embedded signing: ${String(values[result.index])}`,
    {
      errors: [
        {
          path: `body.embedded_signing.allowed_origins.${result.index}`,
          message: 'not https://host[:port] (http only on a loopback host)',
        },
      ],
    },
  );
}

/** The registered redirect origins in their one form, or a 422 naming the first that is not one. */
function checkedOrigins(values: readonly string[]): string[] {
  const result = normaliseRedirectOrigins(values);
  if (result.ok) return result.origins;
  throw new AppError(
    'business.redirect_origin_invalid',
    `Not an origin of the form https://host or https://host:port: ${String(values[result.index])}`,
    {
      errors: [
        { path: `body.redirects.allowed_origins.${result.index}`, message: 'not https://host[:port]' },
      ],
    },
  );
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
