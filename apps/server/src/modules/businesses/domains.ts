// Domains of a business (ADR 042): a claim is proved once the TXT record it names is found through
// the configured resolver. An unproved claim blocks nobody: any business may claim the same
// domain, and the one that proves it holds it; every other claim goes, and the admins of a
// business that held it proved are told by mail. An unproved claim expires after
// DOMAIN_CLAIM_DAYS; asking again starts its days anew, with the same record to publish.
import { isDomainName, isLanguage } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import type { BusinessDeps } from './deps.js';
import type { DisplacedClaim } from './domain-repo.js';
import { claimsExpireBefore, isProvedBy, newProofValue, proofRecordName } from './domain-proof.js';
import { renderDomainMovedMail } from './mail-templates.js';
import { loadBusiness } from './manage-business.js';
import type { DomainRecord } from './model.js';
import { presentDomain } from './presenter.js';

async function isProved(deps: BusinessDeps, claim: DomainRecord): Promise<boolean> {
  try {
    return isProvedBy(await deps.txt.resolveTxt(proofRecordName(claim.domain)), claim.proof);
  } catch (err) {
    // NXDOMAIN and no data mean "not published yet"; anything else is the resolver's failure
    const code = (err as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return false;
    deps.log.error({ err, domain: claim.domain }, 'domain proof lookup failed');
    throw new AppError('business.domain_check_unavailable', 'The DNS lookup failed; try again later');
  }
}

/** This business's claim of the domain: made now, renewed when it had expired, or as it stands. */
async function currentClaim(deps: BusinessDeps, businessId: string, domain: string): Promise<DomainRecord> {
  const now = deps.clock.now().toISOString();
  const claim = await deps.repo.findClaim(businessId, domain);
  if (
    claim?.verifiedAt === null &&
    claim.createdAt < claimsExpireBefore(deps.clock.now(), deps.domainClaimDays)
  ) {
    await deps.repo.renewClaim(businessId, domain, now);
    return { ...claim, createdAt: now };
  }
  if (claim) return claim;
  // a claim made at the same moment (a double click) is the same claim
  await deps.repo.insertClaim({
    domain,
    businessId,
    proof: newProofValue(),
    createdAt: now,
    verifiedAt: null,
  });
  const made = await deps.repo.findClaim(businessId, domain);
  if (!made) throw new AppError('business.domain_taken', 'Another business proved this domain just now');
  return made;
}

/** Tells the admins of each business that held the domain proved that it has moved. */
async function tellFormerHolders(deps: BusinessDeps, domain: string, displaced: readonly DisplacedClaim[]) {
  for (const { businessId } of displaced.filter((d) => d.wasProved)) {
    const business = await deps.repo.findBusiness(businessId);
    if (!business) continue;
    for (const admin of await deps.repo.listAdminContacts(businessId)) {
      const lang = isLanguage(admin.lang) ? admin.lang : 'en';
      try {
        await deps.mailer.send(
          renderDomainMovedMail(lang, admin.email, {
            domain,
            businessName: business.name,
            link: `${deps.publicUrl}/business/members/domains`,
          }),
        );
      } catch (err) {
        // the domain has moved either way; the admins see it gone from their business
        deps.log.error({ err }, 'sending the domain moved mail failed');
      }
    }
  }
}

/** Claims a domain (pending until proved) or checks this business's claim again. */
export async function addDomain(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; domain: string },
) {
  await loadBusiness(deps, principal, input.businessId, 'add_domain');
  const domain = input.domain.toLowerCase();
  if (!isDomainName(domain)) {
    throw new AppError('business.domain_invalid', `Not a domain name: ${input.domain}`, {
      errors: [{ path: 'body.domain', message: 'Invalid domain name' }],
    });
  }
  const claim = await currentClaim(deps, input.businessId, domain);
  if (claim.verifiedAt !== null || !(await isProved(deps, claim))) return presentDomain(claim);
  const now = deps.clock.now().toISOString();
  const displaced = await deps.repo.proveClaim(input.businessId, domain, now);
  if (!displaced) {
    throw new AppError('business.domain_taken', 'Another business proved this domain at the same moment');
  }
  await tellFormerHolders(deps, domain, displaced);
  return presentDomain({ ...claim, verifiedAt: now });
}

export async function deleteDomain(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: { businessId: string; domain: string },
) {
  await loadBusiness(deps, principal, input.businessId, 'delete_domain');
  if (!(await deps.repo.deleteDomain(input.businessId, input.domain.toLowerCase()))) {
    throw new AppError('business.domain_not_found', 'This business has no such domain');
  }
  return { ok: true as const };
}
