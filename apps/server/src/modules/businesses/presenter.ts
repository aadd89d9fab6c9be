// Business records as the contract presents them.
import type { Business, BusinessSettings } from '@countersign/contract';
import type { PersonPrincipal } from '../../lib/principal.js';
import type { BusinessDeps } from './deps.js';
import { claimsExpireBefore, proofRecordName } from './domain-proof.js';
import type { BusinessRecord, DomainRecord } from './model.js';
import { listAllowedBusinessActions } from './policy.js';

export function presentDomain(domain: DomainRecord) {
  return {
    domain: domain.domain,
    verified: domain.verifiedAt !== null,
    proof: { name: proofRecordName(domain.domain), value: domain.proof },
    createdAt: domain.createdAt,
    verifiedAt: domain.verifiedAt,
  };
}

export async function presentBusiness(
  deps: BusinessDeps,
  business: BusinessRecord,
  principal: PersonPrincipal,
): Promise<Business> {
  const role = principal.membership?.businessId === business.id ? principal.membership.role : 'member';
  const { pricePlan, billing, stripe } = await deps.billing.describe(business.id, role);
  return {
    id: business.id,
    name: business.name,
    email: business.settings.supportContact.email,
    phone: business.settings.supportContact.phone,
    country: business.country,
    createdAt: business.createdAt,
    gtcAcceptedAt: business.gtcAcceptedAt,
    dpaAcceptedAt: business.dpaAcceptedAt,
    deletionDueAt: business.deletionDueAt,
    counts: await deps.repo.countPeople(business.id),
    domains: (
      await deps.repo.listDomains(business.id, claimsExpireBefore(deps.clock.now(), deps.domainClaimDays))
    ).map(presentDomain),
    role,
    allowedActions: listAllowedBusinessActions(principal, { businessId: business.id }),
    pricePlan,
    billing,
    stripe,
  };
}

export function presentPublicInformation(business: Pick<BusinessRecord, 'id' | 'name' | 'settings'>) {
  return {
    id: business.id,
    name: business.name,
    logo: business.settings.companyBranding.logo,
    supportContact: business.settings.supportContact,
  };
}

export const presentSettings = (settings: BusinessSettings) => ({ settings });
