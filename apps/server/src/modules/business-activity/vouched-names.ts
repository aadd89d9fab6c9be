// The names AES for business vouches for (ADR 057), set by the business's admins: a person's
// advanced certificate names them as an admin approved, never as they last typed their own name.
// Listing, approving and withdrawing are the admins' (the aes4biz actions); someone not of the
// business answers 404 `business.member_not_found`.
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { requireBusiness } from './activities.js';
import type { Aes4BizDeps } from './aes4biz.js';
import type { VouchedNamesRepo } from './vouched-names-repo.js';

export interface VouchedNameDeps extends Aes4BizDeps {
  vouchedNames: VouchedNamesRepo;
}

async function requirePerson(deps: VouchedNameDeps, businessId: string, userId: string) {
  const person = await deps.vouchedNames.find(businessId, userId);
  if (!person) throw new AppError('business.member_not_found', 'The person is not of this business');
  return person;
}

export async function listVouchedNames(
  deps: VouchedNameDeps,
  principal: PersonPrincipal,
  businessId: string,
  query: { page: number; size: number },
) {
  await requireBusiness(deps, principal, businessId, 'view_aes4biz');
  return deps.vouchedNames.list(businessId, query.page, query.size);
}

export async function approveVouchedName(
  deps: VouchedNameDeps,
  principal: PersonPrincipal,
  target: { businessId: string; userId: string },
  name: string,
) {
  await requireBusiness(deps, principal, target.businessId, 'update_aes4biz');
  await requirePerson(deps, target.businessId, target.userId);
  const at = deps.clock.now().toISOString();
  await deps.vouchedNames.approve(target.businessId, target.userId, name.trim(), principal.userId, at);
  return requirePerson(deps, target.businessId, target.userId);
}

export async function withdrawVouchedName(
  deps: VouchedNameDeps,
  principal: PersonPrincipal,
  target: { businessId: string; userId: string },
) {
  await requireBusiness(deps, principal, target.businessId, 'update_aes4biz');
  await requirePerson(deps, target.businessId, target.userId);
  await deps.vouchedNames.withdraw(target.businessId, target.userId);
  return requirePerson(deps, target.businessId, target.userId);
}
