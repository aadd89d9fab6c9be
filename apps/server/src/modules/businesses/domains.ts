// Domains of a business: a claim is verified once the TXT record it names is found through the
// configured resolver (ADR 042). One domain, one business: a claim held by another business,
// verified or not, is refused without saying which business holds it.
import { isDomainName } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import type { BusinessDeps } from './deps.js';
import { isProvedBy, newProofValue, proofRecordName } from './domain-proof.js';
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

/** Claims a domain (pending until proved) or checks a pending claim of this business again. */
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
  const now = deps.clock.now().toISOString();
  let claim = await deps.repo.findDomain(domain);
  if (!claim) {
    const fresh = {
      domain,
      businessId: input.businessId,
      proof: newProofValue(),
      createdAt: now,
      verifiedAt: null,
    };
    if (await deps.repo.insertDomain(fresh)) claim = fresh;
    else claim = await deps.repo.findDomain(domain);
  }
  if (!claim || claim.businessId !== input.businessId) {
    throw new AppError('business.domain_taken', 'This domain is claimed by another business');
  }
  if (claim.verifiedAt === null && (await isProved(deps, claim))) {
    await deps.repo.markDomainVerified(domain, now);
    claim = { ...claim, verifiedAt: now };
  }
  return presentDomain(claim);
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
