// The account as the server keeps it, its defaults, and how it is presented as the contract's User.
import type { User, UserAttributes } from '@countersign/contract';
import type { SignatureQualities } from '@countersign/domain';

export type StoredAttributes = UserAttributes;

/** A quality a person holds (aes.any, qes.eidas, seal.aes, ...) and its state. */
export interface HeldQuality {
  quality: string;
  status: string;
  /** the business whose word the quality rests on (AES for business, ADR 057) */
  vouchedBy?: string;
}

/** Where a person stands with a business: a member's role, or an invitation or a domain's offer. */
export interface AccountStanding {
  role: 'user' | 'admin' | 'member';
  business: { id: string; name: string; deletionDueAt: string | null; userPilotEnabled: boolean } | null;
  invitation: {
    id: string | null;
    businessId: string;
    businessName: string;
    via: 'invitation' | 'domain';
  } | null;
}

/** A signer group whose members include the person's address. */
export interface SignerGroupMembership {
  id: string;
  name: string;
  updatedAt: string;
}

/**
 * What other modules know of a person and the account shows (qualities from identifications,
 * seals and the business's word; the business; the signer groups). Accounts sits below those
 * modules, so the composition root hands these readers in (ADR 068).
 */
export interface AccountFacts {
  heldQualities(person: { id: string; email: string }): Promise<HeldQuality[]>;
  standing(person: { id: string; email: string }): Promise<AccountStanding>;
  signerGroups(email: string): Promise<SignerGroupMembership[]>;
}

export interface AccountRecord {
  id: string;
  email: string;
  passwordHash: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** ISO date an eID vouched for (ADR 083); null or absent otherwise */
  birthDate?: string | null;
  attributes: StoredAttributes;
  createdAt: string;
  updatedAt: string;
  /** qualities granted by identifications (aes.any, qes.eidas, ...); read with the account */
  heldQualities?: HeldQuality[];
  /** the business the account belongs to or is invited to; read with the account */
  standing?: AccountStanding;
  /** the signer groups whose members include the account's address; read with the account */
  signerGroups?: SignerGroupMembership[];
  /** an identity provider's identity is linked to the account (ADR 075); read with the account */
  hasSso?: boolean;
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
    // accounts made any other way than the sign-up form (SSO, eID+, SCIM) have no steps to go
    // through; registration starts them (ADR 092)
    signupStep: null,
  };
}

/** What a person may change of their visual signatures' lines (spec 3 `permissions`). */
export const VISUAL_SIGNATURE_PERMISSIONS: User['permissions']['visualSignatures'] = {
  claim: { canUpdate: true, defaultValue: true },
  date: { canUpdate: true, defaultValue: true },
  std: { canUpdate: true, defaultValue: true },
};

/**
 * The spec's signatureQualities record from what a person holds (ses follows the e-mail). Where
 * an identification and the person's business both grant a quality, the identification's shows.
 */
export function toSignatureQualities(held: readonly HeldQuality[], emailVerified: boolean) {
  const state = (key: string) => {
    const found = held.filter((h) => h.quality === key);
    const shown = found.find((h) => !h.vouchedBy) ?? found[0];
    if (!shown) return {};
    return { status: shown.status, ...(shown.vouchedBy && { vouchedBy: shown.vouchedBy }) };
  };
  return {
    ses: { any: emailVerified ? { status: 'active' } : {} },
    aes: { any: state('aes.any') },
    aesMinimal: { eidas: state('aesMinimal.eidas'), zertes: state('aesMinimal.zertes') },
    qes: { eidas: state('qes.eidas'), zertes: state('qes.zertes') },
    // from the seals the person is listed on (identification/repo.ts sealQualities)
    seal: { aes: state('seal.aes'), qes: state('seal.qes') },
  } satisfies SignatureQualities;
}

export function presentUser(account: AccountRecord): User {
  // Every verified address may sign at the simple level; advanced and qualified qualities come
  // from identification (ADR 021).
  return {
    id: account.id,
    email: account.email,
    emailVerified: account.emailVerified,
    firstName: account.firstName,
    lastName: account.lastName,
    birthDate: account.birthDate ?? null,
    hasSso: account.hasSso ?? false,
    createdAt: account.createdAt,
    signatureQualities: toSignatureQualities(account.heldQualities ?? [], account.emailVerified),
    attributes: account.attributes,
    permissions: { visualSignatures: VISUAL_SIGNATURE_PERMISSIONS },
    groupInfo: groupInfoOf(account.signerGroups ?? []),
    role: account.standing?.role ?? 'user',
    business: account.standing?.business ?? null,
    businessInvitation: account.standing?.invitation ?? null,
  };
}

/** Spec 3 `groupInfo`: the ids of the groups the person may sign for, each with its version. */
function groupInfoOf(groups: readonly SignerGroupMembership[]): User['groupInfo'] {
  return {
    groups: groups.map((g) => g.id),
    groupVersions: Object.fromEntries(groups.map((g) => [g.id, Date.parse(g.updatedAt)])),
  };
}
