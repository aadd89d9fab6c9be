// What the single sign-on use cases work with (ADR 075). Accounts and businesses are reached
// through their façades; the relying parties are built from the provider's settings and kept
// while those stay the same.
import type { SsoAccountsDeps } from '../accounts/index.js';
import type { BusinessDirectory } from '../businesses/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import type { OpenIdProviderSettings, RelyingParty } from '../../providers/openid/relying-party.js';
import type { OpenIdConfig } from '../../providers/openid/settings.js';
import type { SsoRepo } from './repo.js';
import type { SecretBox } from './secret-box.js';

export interface SsoDeps {
  repo: SsoRepo;
  accounts: SsoAccountsDeps;
  businesses: BusinessDirectory;
  /** takes a seat in the business (or its invitation's), as joining through a proved domain does */
  joinBusiness: (principal: PersonPrincipal, businessId: string) => Promise<void>;
  /** whether the business's SCIM provisioning made this account, without a password (ADR 084) */
  provisionedBy: (userId: string, businessId: string) => Promise<boolean>;
  secrets: SecretBox;
  openId: OpenIdConfig;
  /** the sandbox provider running beside this server, offered to business admins */
  sandbox: { issuer: string; clientId: string; clientSecret: string } | null;
  relyingParty: (settings: OpenIdProviderSettings) => RelyingParty;
  clock: Clock;
  /** the web app's /login receives the provider's answer */
  redirectUri: string;
}

/** One relying party per distinct set of settings, so discovery is done once per provider. */
export function createRelyingPartyCache(
  create: (settings: OpenIdProviderSettings) => RelyingParty,
): (settings: OpenIdProviderSettings) => RelyingParty {
  const parties = new Map<string, RelyingParty>();
  return (settings) => {
    const key = JSON.stringify(settings);
    let party = parties.get(key);
    if (!party) {
      if (parties.size > 500) parties.clear();
      party = create(settings);
      parties.set(key, party);
    }
    return party;
  };
}
