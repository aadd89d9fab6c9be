// What the SCIM provisioning use cases work with (ADR 084). People are read and made through the
// accounts façade; membership and seats are the businesses module's, handed in as two functions.
import type { SsoAccountsDeps } from '../accounts/index.js';
import type { BusinessReader, ProvisionedPerson } from '../businesses/index.js';
import type { Clock } from '../../lib/clock.js';
import type { ScimRepo } from './repo.js';

export interface ScimDeps {
  repo: ScimRepo;
  accounts: Pick<SsoAccountsDeps, 'repo' | 'clock'>;
  businesses: Pick<BusinessReader, 'listDomains'>;
  /** makes the person a member, with a seat (businesses' provisionMember) */
  provision: (businessId: string, person: ProvisionedPerson) => Promise<{ joined: boolean }>;
  /** ends the person's membership (businesses' deprovisionMember) */
  deprovision: (businessId: string, person: ProvisionedPerson) => Promise<void>;
  clock: Clock;
  /** the SCIM base URL is `${publicUrl}/scim/v2` */
  publicUrl: string;
}
