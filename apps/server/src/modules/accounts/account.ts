// The account as the server keeps it, its defaults, and how it is presented as the contract's User.
import type { User, UserAttributes } from '@countersign/contract';
import { toSignatureQualities } from '../identification/service.js';
import type { BusinessStanding } from '../businesses/repo.js';
import type { GroupMembership } from '../groups/repo.js';

export type StoredAttributes = UserAttributes;

export interface AccountRecord {
  id: string;
  email: string;
  passwordHash: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  attributes: StoredAttributes;
  createdAt: string;
  updatedAt: string;
  /** qualities granted by identifications (aes.any, qes.eidas, ...); read with the account */
  heldQualities?: { quality: string; status: string }[];
  /** the business the account belongs to or is invited to; read with the account */
  standing?: BusinessStanding;
  /** the signer groups whose members include the account's address; read with the account */
  signerGroups?: GroupMembership[];
}

/** Defaults of a new account (spec section 3 names the fields; the values are our choice). */
export function defaultAttributes(): StoredAttributes {
  return {
    lang: 'en',
    mobile: null,
    acceptedGtc: false,
    acceptedBusinessInvite: false,
    acceptedTouSwisscom: false,
    weakPassword: false,
    removedFromBusiness: false,
    businessDeleted: false,
    freeAccountType: null,
    emailNotificationLevel: 'all',
    defaultLegislation: 'eidas',
    defaultQuality: 'ses',
    signerIdentityEmail: null,
    immutableEidFields: [],
    p11SigningName: null,
    p11SigningReason: null,
    celloUcc: null,
    frontendVersion: null,
  };
}

export function presentUser(account: AccountRecord): User {
  // Every verified address may sign at the simple level; advanced and qualified qualities come
  // from identification (ADR 021).
  const editable = { canUpdate: true, defaultValue: true };
  return {
    id: account.id,
    email: account.email,
    emailVerified: account.emailVerified,
    firstName: account.firstName,
    lastName: account.lastName,
    hasSso: false,
    createdAt: account.createdAt,
    signatureQualities: toSignatureQualities(account.heldQualities ?? [], account.emailVerified),
    attributes: account.attributes,
    permissions: { visualSignatures: { claim: editable, date: editable, std: editable } },
    groupInfo: groupInfoOf(account.signerGroups ?? []),
    role: account.standing?.role ?? 'user',
    business: account.standing?.business ?? null,
    businessInvitation: account.standing?.invitation ?? null,
  };
}

/** Spec 3 `groupInfo`: the ids of the groups the person may sign for, each with its version. */
function groupInfoOf(groups: readonly GroupMembership[]): User['groupInfo'] {
  return {
    groups: groups.map((g) => g.id),
    groupVersions: Object.fromEntries(groups.map((g) => [g.id, Date.parse(g.updatedAt)])),
  };
}
