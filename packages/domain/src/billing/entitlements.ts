// What a plan allows, enforced by the server and shown by the web app: signatures per period by
// level, seats, who the business pays identification for, and whether uploading is open.
import type { Entitled } from './plans.js';

export const SIGNATURE_LEVELS = ['ses', 'aes', 'qes'] as const;
export type SignatureLevel = (typeof SIGNATURE_LEVELS)[number];

/** Signatures per period and level; null is no limit. */
export type SignatureAllowance = Readonly<Record<SignatureLevel, number | null>>;

export interface IdentLicence {
  /** the business pays the identification of its own people */
  payForMembers: boolean;
  /** the business pays the identification of the signers its people invite */
  payForInvitations: boolean;
}

export interface Entitlements {
  /** per seat for business plans, per person otherwise; per period (a month, or the trial) */
  signaturesPerSeat: SignatureAllowance;
  /** spec 3 `pricePlan.licenses.idents` */
  idents: { eidas: IdentLicence; zertes: IdentLicence };
  /** spec 2: the upload page is blocked on the new free plan */
  canUpload: boolean;
  /** rows (requests) one bulk send may have (ADR 080); 0: no bulk send */
  bulkSendRows: number;
}

const unlimited: SignatureAllowance = { ses: null, aes: null, qes: null };
const none: IdentLicence = { payForMembers: false, payForInvitations: false };
const members: IdentLicence = { payForMembers: true, payForInvitations: false };
const everyone: IdentLicence = { payForMembers: true, payForInvitations: true };

export const ENTITLEMENTS: Readonly<Record<Entitled, Entitlements>> = {
  // the new free plan: sign what others send, no uploads of one's own
  free_v1: {
    signaturesPerSeat: { ses: null, aes: 0, qes: 0 },
    idents: { eidas: none, zertes: none },
    canUpload: false,
    bulkSendRows: 0,
  },
  // accounts moved to the free plan from an earlier offer keep uploading, with few advanced signatures
  free_migrated: {
    signaturesPerSeat: { ses: null, aes: 5, qes: 0 },
    idents: { eidas: none, zertes: none },
    canUpload: true,
    bulkSendRows: 0,
  },
  // accounts from before the plans keep what they had: no limits (ADR 055)
  free_legacy: {
    signaturesPerSeat: unlimited,
    idents: { eidas: none, zertes: none },
    canUpload: true,
    bulkSendRows: 1000,
  },
  trial: {
    signaturesPerSeat: { ses: null, aes: 10, qes: 2 },
    idents: { eidas: none, zertes: none },
    canUpload: true,
    bulkSendRows: 50,
  },
  individual: {
    signaturesPerSeat: { ses: null, aes: 20, qes: 5 },
    idents: { eidas: none, zertes: none },
    canUpload: true,
    bulkSendRows: 100,
  },
  team: {
    signaturesPerSeat: { ses: null, aes: 20, qes: 5 },
    idents: { eidas: none, zertes: none },
    canUpload: true,
    bulkSendRows: 500,
  },
  pro: {
    signaturesPerSeat: { ses: null, aes: 50, qes: 20 },
    idents: { eidas: members, zertes: members },
    canUpload: true,
    bulkSendRows: 2000,
  },
  scale: {
    signaturesPerSeat: { ses: null, aes: null, qes: 50 },
    idents: { eidas: everyone, zertes: everyone },
    canUpload: true,
    bulkSendRows: 5000,
  },
  enterprise: {
    signaturesPerSeat: unlimited,
    idents: { eidas: everyone, zertes: everyone },
    canUpload: true,
    bulkSendRows: 20000,
  },
};

/** Signatures of each level one period allows: the plan's per seat, times the seats. */
export function signatureAllowance(entitled: Entitled, seats: number): SignatureAllowance {
  const perSeat = ENTITLEMENTS[entitled].signaturesPerSeat;
  const times = (n: number | null) => (n === null ? null : n * Math.max(1, seats));
  return { ses: times(perSeat.ses), aes: times(perSeat.aes), qes: times(perSeat.qes) };
}

/** True when one more signature of `level` fits in what the period allows. */
export function canSignAnother(allowance: SignatureAllowance, used: number, level: SignatureLevel): boolean {
  const limit = allowance[level];
  return limit === null || used < limit;
}

/** How many rows (requests) one bulk send may have on the plan (ADR 080). */
/**
 * Who pays a signer's identification under the plan of the request's owner (spec 3
 * `pricePlan.licenses.idents`): the business, for its own people or the signers it invites as
 * its licence says, else the signer.
 */
export function identificationPayer(
  entitled: Entitled,
  legislation: 'eidas' | 'zertes',
  isMember: boolean,
): 'business' | 'signer' {
  const licence = ENTITLEMENTS[entitled].idents[legislation];
  return (isMember ? licence.payForMembers : licence.payForInvitations) ? 'business' : 'signer';
}

export function bulkSendRows(entitled: Entitled): number {
  return ENTITLEMENTS[entitled].bulkSendRows;
}

/** Spec 2: the upload page (and uploading) is blocked on the new free plan. */
export function canUpload(entitled: Entitled): boolean {
  return ENTITLEMENTS[entitled].canUpload;
}

/**
 * Seats are the people of the business: admins, members, and invitations not yet answered (an
 * invitation holds the seat its invitee will take). Inviting fits while they stay within the seats.
 */
export function canInvite(
  seats: number,
  people: number,
  pendingInvitations: number,
  invitingNow: number,
): boolean {
  return people + pendingInvitations + invitingNow <= seats;
}
