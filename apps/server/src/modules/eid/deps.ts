// What the national eID use cases work with (ADR 083): the OpenID round trip single sign-on
// already keeps (one relying party, one table of sign-ins under way), accounts and
// identifications through their façades, and where the provider sends the browser back.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import type { VerifiedIdentity } from '../../providers/openid/relying-party.js';
import type { EidPerson, SsoAccountsDeps } from '../accounts/index.js';
import type { FlowDeps } from '../sso/index.js';

export interface EidDeps {
  flow: FlowDeps;
  accounts: SsoAccountsDeps;
  db: Kysely<Database>;
  clock: Clock;
  /** the web app's address; the providers answer to its eID pages */
  publicUrl: string;
}

/** The installation's providers (OIDC_EIDPLUS_*, OIDC_IDAUSTRIA_*). */
export const EIDPLUS = 'eidplus';
export const IDAUSTRIA = 'idaustria';

/** The web pages each provider sends the browser back to. */
export const RETURN_PAGES = {
  eidplus: '/signup/flows/eidplus/confirm',
  idaustriaUser: '/profile/signature-standards/id-austria-success',
  idaustriaSigner: '/direct-sign/identification/id-austria-success',
} as const;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * The person an eID vouches for: a first and last name and a real birth date, or the answer is
 * refused (`eid.claims_missing`) before anything changes.
 */
export function eidPersonOf(identity: VerifiedIdentity): EidPerson {
  const birthDate = identity.birthDate.slice(0, 10);
  const isDate = ISO_DATE.test(birthDate) && !Number.isNaN(Date.parse(`${birthDate}T00:00:00Z`));
  if (!identity.firstName || !identity.lastName || !isDate)
    throw new AppError(
      'eid.claims_missing',
      'The eID provider did not vouch for a first name, a last name and a birth date',
    );
  return {
    issuer: identity.issuer,
    subject: identity.subject,
    firstName: identity.firstName,
    lastName: identity.lastName,
    birthDate,
  };
}
