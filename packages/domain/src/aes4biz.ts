// AES for business (spec 3 `aes4biz`): a business vouches for the identity of its people on its
// own verified domains, who then sign at the advanced level on its word (ADR 057). The rules here
// say when it may be turned on and whom it covers; the server reads the business and its domains.

export interface Aes4BizSettings {
  enabled: boolean;
  representativeName: string;
  representativeEmail: string;
  commercialRegister: string;
  domains: readonly string[];
}

export type Aes4BizProblem = 'incomplete' | 'domain_unverified';

/**
 * Why the settings cannot stand, or null: turned on, they need the representative, the register
 * and a domain; on or off, every domain named must be one the business has verified.
 */
export function aes4bizProblem(
  settings: Aes4BizSettings,
  verifiedDomains: readonly string[],
): Aes4BizProblem | null {
  if (settings.domains.some((d) => !verifiedDomains.includes(d))) return 'domain_unverified';
  const complete =
    settings.representativeName.trim() !== '' &&
    settings.representativeEmail.trim() !== '' &&
    settings.commercialRegister.trim() !== '' &&
    settings.domains.length > 0;
  return settings.enabled && !complete ? 'incomplete' : null;
}

/**
 * Whether the business vouches for the holder of `email`: it is on, and the address is on one of
 * its named domains that is still verified (a domain released since no longer counts).
 */
export function isVouchedFor(
  settings: Aes4BizSettings,
  verifiedDomains: readonly string[],
  email: string,
): boolean {
  if (!settings.enabled || aes4bizProblem(settings, verifiedDomains) !== null) return false;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return settings.domains.includes(domain) && verifiedDomains.includes(domain);
}
