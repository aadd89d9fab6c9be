// AES for business (spec 3 `aes4biz`): its settings, read and changed by the business's admins,
// and whom it vouches for when they sign (ADR 057: the advanced certificate of a person the
// business vouches for names the business as the organisation).
import type { Aes4Biz, Aes4BizPatch } from '@countersign/contract';
import { aes4bizProblem } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Principal } from '../../lib/principal.js';
import type { BusinessReader } from '../businesses/index.js';
import { requireBusiness, type ActivityDeps } from './activities.js';
import { AES4BIZ_OFF } from './repo.js';
import type { Vouching } from './vouched-names-repo.js';

export interface Aes4BizDeps extends ActivityDeps {
  businesses: BusinessReader;
  clock: Clock;
}

async function current(deps: Aes4BizDeps, businessId: string): Promise<Aes4Biz> {
  return { ...AES4BIZ_OFF, ...(await deps.activity.findAes4Biz(businessId)) };
}

async function verifiedDomains(deps: Aes4BizDeps, businessId: string): Promise<string[]> {
  return (await deps.businesses.listDomains(businessId)).filter((d) => d.verifiedAt).map((d) => d.domain);
}

export async function getAes4Biz(deps: Aes4BizDeps, principal: Principal, businessId: string) {
  await requireBusiness(deps, principal, businessId, 'view_aes4biz');
  return { aes4biz: await current(deps, businessId) };
}

export async function updateAes4Biz(
  deps: Aes4BizDeps,
  principal: Principal,
  businessId: string,
  patch: Aes4BizPatch,
) {
  await requireBusiness(deps, principal, businessId, 'update_aes4biz');
  const before = await current(deps, businessId);
  const next: Aes4Biz = {
    enabled: patch.enabled ?? before.enabled,
    representativeName: patch.representativeName ?? before.representativeName,
    representativeEmail: (patch.representativeEmail ?? before.representativeEmail).toLowerCase(),
    commercialRegister: patch.commercialRegister ?? before.commercialRegister,
    domains: patch.domains ? [...new Set(patch.domains)] : before.domains,
  };
  const problem = aes4bizProblem(next, await verifiedDomains(deps, businessId));
  if (problem === 'domain_unverified') {
    throw new AppError('business.aes4biz_domain_unverified', 'Name only domains the business has verified', {
      errors: [{ path: 'body.domains', message: 'not a verified domain of the business' }],
    });
  }
  if (problem === 'incomplete') {
    throw new AppError(
      'business.aes4biz_incomplete',
      'Name the representative, the commercial register and a domain before turning it on',
    );
  }
  await deps.activity.saveAes4Biz(businessId, next, deps.clock.now().toISOString());
  return { aes4biz: next };
}

/**
 * The advanced certificate's subject for a person their business vouches for (ADR 057): the name
 * an admin of the business approved for them (never the account's own, which the person changes
 * at will), and the business as the organisation (O, its country, its commercial register as
 * organizationIdentifier) exactly as the operator verified it (ADR 062). Null when no business
 * vouches for them.
 */
export async function vouchedSubject(
  deps: { vouching: (person: { userId: string; email: string }) => Promise<Vouching | null> },
  person: { userId: string; email: string },
): Promise<{ name: string; country: string; organisation: { name: string; identifier: string } } | null> {
  const vouched = await deps.vouching(person);
  if (!vouched) return null;
  const { organisation } = vouched;
  return {
    name: vouched.name,
    country: organisation.country,
    organisation: { name: organisation.name, identifier: organisation.commercialRegister },
  };
}
