// The highest signature quality a user can sign with, and whether an identification is still
// in flight (spec 3, User.signatureQualities; spec 4, "Highest quality").
//
// Each quality record carries an optional status string. We read it as follows (the spec names
// the records but not their status values): absent means the user does not hold that quality;
// 'active' means held; 'demo' means held in demo form (a test identity); any other value
// ('pending', 'failure', ...) is an identification that has not (yet) produced the quality.

export type QualityStatus = string;

export interface QualityState {
  status?: QualityStatus | null;
}

/** Spec 3: ses.any, aes.any, aesMinimal eidas/zertes, qes eidas/zertes, seal aes/qes. */
export interface SignatureQualities {
  ses?: { any?: QualityState | null } | null;
  aes?: { any?: QualityState | null } | null;
  aesMinimal?: { eidas?: QualityState | null; zertes?: QualityState | null } | null;
  qes?: { eidas?: QualityState | null; zertes?: QualityState | null } | null;
  seal?: { aes?: QualityState | null; qes?: QualityState | null } | null;
}

export const QUALITY_STATUS_ACTIVE = 'active';
export const QUALITY_STATUS_DEMO = 'demo';

export type HighestQuality = 'none' | 'ses' | 'aes' | 'qes' | 'demo';

function readStatus(state: QualityState | null | undefined): string | null {
  const status = state?.status;
  return typeof status === 'string' && status !== '' ? status.toLowerCase() : null;
}

function isHeld(state: QualityState | null | undefined): boolean {
  const status = readStatus(state);
  return status === QUALITY_STATUS_ACTIVE || status === QUALITY_STATUS_DEMO;
}

/**
 * Spec 4: none if the e-mail is unverified; qes if any qes is held (demo when the qes held is
 * only a demo one); else aes (aes.any or a legislation's aesMinimal); else ses. Seal qualities
 * belong to business seals, not to the person, so they do not count here.
 */
export function highestQuality(
  qualities: SignatureQualities | null | undefined,
  emailVerified: boolean,
): HighestQuality {
  if (!emailVerified) return 'none';
  const qes = [qualities?.qes?.eidas, qualities?.qes?.zertes].map(readStatus);
  if (qes.includes(QUALITY_STATUS_ACTIVE)) return 'qes';
  if (qes.includes(QUALITY_STATUS_DEMO)) return 'demo';
  const aes = [qualities?.aes?.any, qualities?.aesMinimal?.eidas, qualities?.aesMinimal?.zertes];
  if (aes.some(isHeld)) return 'aes';
  return 'ses';
}

/**
 * Spec 4: identification is ongoing when an identification status exists and the highest
 * quality is not qes (a demo qes does not end it).
 */
export function isIdentificationOngoing(
  identificationStatus: string | null | undefined,
  highest: HighestQuality,
): boolean {
  return typeof identificationStatus === 'string' && identificationStatus !== '' && highest !== 'qes';
}

export type AppointmentStatus = 'initialized' | 'unknown' | 'inprogress' | 'success' | 'failure';
export type IdentificationProgress = 'initialized' | 'inprogress' | 'activatingQES' | 'failure';

const APPOINTMENT_PROGRESS: Readonly<Record<AppointmentStatus, IdentificationProgress>> = {
  initialized: 'initialized',
  unknown: 'initialized',
  inprogress: 'inprogress',
  success: 'activatingQES',
  failure: 'failure',
};

/**
 * Spec 3: a video-identification appointment status maps to the progress shown; a successful
 * appointment means the qualified certificate is being activated. Unrecognised values read as
 * 'initialized', like 'unknown'.
 */
export function mapAppointmentStatus(status: string | null | undefined): IdentificationProgress {
  return status && Object.hasOwn(APPOINTMENT_PROGRESS, status)
    ? APPOINTMENT_PROGRESS[status as AppointmentStatus]
    : 'initialized';
}
