// A business's organisation identity (ADR 062): the legal name, commercial register and country a
// certificate names (a seal's, or an advanced one the business vouches for). The operator of the
// installation verifies exactly these three; the rules here say whether a verification still
// stands for the business as it is now, so a rename is never covered by an earlier verification.

export interface OrganisationIdentity {
  name: string;
  commercialRegister: string;
  country: string;
}

/** What is stored: the last step of the business's verification and the organisation it covers. */
export interface StoredVerification {
  status: 'pending' | 'verified' | 'refused' | 'revoked';
  /** as asked for while pending; as the operator verified it once verified */
  organisation: OrganisationIdentity;
}

export type OrganisationVerificationStatus =
  'unverified' | 'pending' | 'verified' | 'outdated' | 'refused' | 'revoked';

/** The same organisation, letter for letter: a certificate names exactly what was verified. */
export function isSameOrganisation(a: OrganisationIdentity, b: OrganisationIdentity): boolean {
  return a.name === b.name && a.commercialRegister === b.commercialRegister && a.country === b.country;
}

/**
 * Where the business stands: a verification of another name, register or country than the
 * business has now is outdated, and covers nothing.
 */
export function verificationStatus(
  current: OrganisationIdentity,
  stored: StoredVerification | undefined,
): OrganisationVerificationStatus {
  if (!stored) return 'unverified';
  if (stored.status !== 'verified') return stored.status;
  return isSameOrganisation(current, stored.organisation) ? 'verified' : 'outdated';
}

/** The organisation a certificate may name, or null while it is not verified as it is now. */
export function verifiedOrganisationOf(
  current: OrganisationIdentity,
  stored: StoredVerification | undefined,
): OrganisationIdentity | null {
  return verificationStatus(current, stored) === 'verified' ? stored!.organisation : null;
}

/** Whether there is enough to verify: a name, a register number and a country. */
export function isVerifiable(organisation: OrganisationIdentity): boolean {
  return (
    organisation.name.trim() !== '' &&
    organisation.commercialRegister.trim() !== '' &&
    /^[A-Z]{2}$/.test(organisation.country)
  );
}
