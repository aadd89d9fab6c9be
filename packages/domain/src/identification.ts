// Identification methods and what a successful identification grants (spec 3, "Identification
// state per method"; spec 7, /v1/user/identification/{provider}/{method}), and who may sign at
// which level. Our reading, written down in ADR 021: an eIDAS identification (srs video or
// robo) proves the person to the standard of both the advanced and the qualified level, so it
// grants aes.any and qes.eidas; a ZertES identification (intrum video or autoident) grants
// qes.zertes. A qualified identity of a legislation also suffices for an advanced signature
// under that legislation. A personal identity presented from a digital identity wallet (wallet
// pid, ADR 085) is a person's own word backed by their state's issuer, without the in-person or
// video check a qualified certificate needs: it grants aes.any only.
import type { SignatureQualities } from './quality.js';
import { QUALITY_STATUS_ACTIVE, QUALITY_STATUS_DEMO } from './quality.js';

export type IdentificationLegislation = 'eidas' | 'zertes';
export type SigningQuality = 'ses' | 'aes' | 'qes';

export const IDENTIFICATION_METHODS = {
  'srs/video': 'eidas',
  'srs/robo': 'eidas',
  'intrum/video': 'zertes',
  'intrum/autoident': 'zertes',
  'wallet/pid': 'eidas',
} as const satisfies Record<string, IdentificationLegislation>;
export type IdentificationMethodKey = keyof typeof IDENTIFICATION_METHODS;

/** The legislation a provider/method pair identifies for, or null when the pair does not exist. */
export function identificationLegislation(
  provider: string,
  method: string,
): IdentificationLegislation | null {
  const key = `${provider}/${method}`;
  return Object.hasOwn(IDENTIFICATION_METHODS, key)
    ? IDENTIFICATION_METHODS[key as IdentificationMethodKey]
    : null;
}

/** Quality keys as they name the records of User.signatureQualities ("aes.any", "qes.eidas"). */
export type QualityKey = 'aes.any' | 'aesMinimal.eidas' | 'qes.eidas' | 'qes.zertes';

/**
 * The national eIDs an OpenID provider vouches for (ADR 083): eID+ and ID Austria identify a
 * person to the advanced level under eIDAS, not the qualified one, which needs an identification
 * for a qualified certificate.
 */
export const EID_IDENTIFICATION_PROVIDERS = ['eidplus', 'idaustria'] as const;
export type EidIdentificationProvider = (typeof EID_IDENTIFICATION_PROVIDERS)[number];

export function qualitiesGrantedBy(legislation: IdentificationLegislation, provider?: string): QualityKey[] {
  if ((EID_IDENTIFICATION_PROVIDERS as readonly string[]).includes(provider ?? ''))
    return legislation === 'eidas' ? ['aesMinimal.eidas'] : [];
  return legislation === 'eidas' ? ['aes.any', 'qes.eidas'] : ['qes.zertes'];
}

/** Methods that grant less than their legislation's identification does (ADR 085). */
const METHOD_GRANTS: Partial<Record<IdentificationMethodKey, QualityKey[]>> = {
  'wallet/pid': ['aes.any'],
};

/** What a successful identification with this provider and method grants. */
export function qualitiesGrantedByMethod(identification: {
  provider: string;
  method: string;
  legislation: IdentificationLegislation;
}): QualityKey[] {
  const key = `${identification.provider}/${identification.method}`;
  const own = Object.hasOwn(METHOD_GRANTS, key) ? METHOD_GRANTS[key as IdentificationMethodKey] : undefined;
  return own ?? qualitiesGrantedBy(identification.legislation, identification.provider);
}

export type IdentificationStatus = 'initialized' | 'inprogress' | 'success' | 'failure' | 'cancelled';
export type IdentificationEvent = 'opened' | 'approved' | 'rejected' | 'cancelled';

const TRANSITIONS: Readonly<
  Record<IdentificationStatus, Partial<Record<IdentificationEvent, IdentificationStatus>>>
> = {
  initialized: { opened: 'inprogress', approved: 'success', rejected: 'failure', cancelled: 'cancelled' },
  inprogress: { approved: 'success', rejected: 'failure', cancelled: 'cancelled' },
  success: {},
  failure: {},
  cancelled: {},
};

/**
 * The next status of an identification, or null when the event does not apply (a late or
 * repeated provider callback, a cancel after the result): results are final.
 */
export function nextIdentificationStatus(
  current: IdentificationStatus,
  event: IdentificationEvent,
): IdentificationStatus | null {
  return TRANSITIONS[current][event] ?? null;
}

export function isIdentificationOpen(status: IdentificationStatus): boolean {
  return status === 'initialized' || status === 'inprogress';
}

function isHeld(status: string | null | undefined): boolean {
  const value = status?.toLowerCase();
  return value === QUALITY_STATUS_ACTIVE || value === QUALITY_STATUS_DEMO;
}

/**
 * Whether a person with these qualities may sign at `quality` under `legislation`: simple needs
 * a verified e-mail; advanced needs aes.any, the legislation's aesMinimal or its qes; qualified
 * needs the legislation's qes.
 */
export function canSignAt(
  qualities: SignatureQualities | null | undefined,
  emailVerified: boolean,
  quality: SigningQuality,
  legislation: IdentificationLegislation,
): boolean {
  if (!emailVerified) return false;
  const qes = isHeld(qualities?.qes?.[legislation]?.status);
  if (quality === 'qes') return qes;
  if (quality === 'aes')
    return qes || isHeld(qualities?.aes?.any?.status) || isHeld(qualities?.aesMinimal?.[legislation]?.status);
  return true;
}

/**
 * The provider/method pairs whose success would let a person sign at `quality` under
 * `legislation`, in the order of IDENTIFICATION_METHODS (empty for ses, which needs none).
 * Derived from what each method grants and canSignAt, so the two never disagree.
 */
export function identificationMethodsFor(
  quality: SigningQuality,
  legislation: IdentificationLegislation,
): IdentificationMethodKey[] {
  if (quality === 'ses') return [];
  return (Object.keys(IDENTIFICATION_METHODS) as IdentificationMethodKey[]).filter((key) => {
    const granted: SignatureQualities = { ses: { any: { status: QUALITY_STATUS_ACTIVE } } };
    const [provider = '', method = ''] = key.split('/');
    for (const q of qualitiesGrantedByMethod({
      provider,
      method,
      legislation: IDENTIFICATION_METHODS[key],
    })) {
      const [group, name] = q.split('.') as ['aes' | 'qes', string];
      granted[group] = { ...granted[group], [name]: { status: QUALITY_STATUS_ACTIVE } };
    }
    return canSignAt(granted, true, quality, legislation);
  });
}
