// The business itself: register one, read it, change its name or support contact, and schedule
// (or revoke) its deletion.
import type { Business } from '@countersign/contract';
import { platformForDomain, sanitiseSupportContact } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal, Principal } from '../../lib/principal.js';
import { newId } from '../../lib/tokens.js';
import type { BusinessDeps } from './deps.js';
import type { BusinessRecord } from './model.js';
import { authorizeBusiness, type BusinessAction } from './policy.js';
import { presentBusiness } from './presenter.js';
import { defaultSettings } from './settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The business named in a call, once the principal may take the action on it (404/403 otherwise). */
export async function loadBusiness(
  deps: BusinessDeps,
  principal: Principal,
  businessId: string,
  action: BusinessAction,
): Promise<BusinessRecord> {
  authorizeBusiness(principal, action, { businessId });
  const business = await deps.repo.findBusiness(businessId);
  if (!business) throw new AppError('business.not_found', 'No such business');
  return business;
}

export async function getBusiness(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  id: string,
): Promise<Business> {
  return presentBusiness(deps, await loadBusiness(deps, principal, id, 'view'), principal);
}

export async function getUserBusiness(deps: BusinessDeps, principal: PersonPrincipal) {
  const businessId = principal.membership?.businessId;
  const business = businessId ? await deps.repo.findBusiness(businessId) : undefined;
  return { business: business ? await presentBusiness(deps, business, principal) : null };
}

export async function createBusiness(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  input: {
    name: string;
    country?: string | undefined;
    email?: string | undefined;
    phone?: string | undefined;
  },
): Promise<Business> {
  if (principal.membership) {
    throw new AppError('business.already_member', 'You belong to a business already; leave it first');
  }
  const now = deps.clock.now().toISOString();
  const settings = defaultSettings();
  settings.supportContact = sanitiseSupportContact({ email: input.email ?? '', phone: input.phone ?? '' });
  const business: BusinessRecord = {
    id: newId(),
    name: input.name,
    // Spec 1: the platform follows the domain the service is reached at; a business registered
    // without a country takes the first country of that platform's list.
    country: input.country ?? (platformForDomain(new URL(deps.publicUrl).hostname) === 'EU' ? 'DE' : 'CH'),
    settings,
    createdBy: principal.userId,
    createdAt: now,
    updatedAt: now,
    gtcAcceptedAt: now,
    dpaAcceptedAt: now,
    deletionDueAt: null,
  };
  try {
    await deps.repo.insertBusiness(business, principal.userId);
  } catch (err) {
    // two registrations racing: the membership key (one business per person) decides
    if (await deps.repo.membershipOf(principal.userId)) {
      throw new AppError('business.already_member', 'You belong to a business already; leave it first');
    }
    throw err;
  }
  return presentBusiness(deps, business, {
    ...principal,
    membership: { businessId: business.id, role: 'admin' },
  });
}

export async function updateBusiness(
  deps: BusinessDeps,
  principal: PersonPrincipal,
  id: string,
  input: { name?: string | undefined; email?: string | undefined; phone?: string | undefined },
): Promise<Business> {
  const business = await loadBusiness(deps, principal, id, 'update');
  const contact = business.settings.supportContact;
  // spec 5: an invalid support e-mail or phone is blanked, not refused
  const supportContact = sanitiseSupportContact({
    email: input.email ?? contact.email,
    phone: input.phone ?? contact.phone,
  });
  const settings = { ...business.settings, supportContact };
  const now = deps.clock.now().toISOString();
  await deps.repo.updateBusiness(
    id,
    { settings, ...(input.name !== undefined && { name: input.name }) },
    now,
  );
  return presentBusiness(deps, { ...business, settings, name: input.name ?? business.name }, principal);
}

export async function scheduleDeletion(deps: BusinessDeps, principal: PersonPrincipal, id: string) {
  const business = await loadBusiness(deps, principal, id, 'delete');
  if (business.deletionDueAt) return presentBusiness(deps, business, principal);
  const now = deps.clock.now();
  const deletionDueAt = new Date(now.getTime() + deps.deletionNoticeDays * DAY_MS).toISOString();
  await deps.repo.updateBusiness(id, { deletionDueAt }, now.toISOString());
  return presentBusiness(deps, { ...business, deletionDueAt }, principal);
}

export async function revokeDeletion(deps: BusinessDeps, principal: PersonPrincipal, id: string) {
  const business = await loadBusiness(deps, principal, id, 'revoke_delete');
  if (!business.deletionDueAt) {
    throw new AppError('business.deletion_not_scheduled', 'No deletion of this business is scheduled');
  }
  await deps.repo.updateBusiness(id, { deletionDueAt: null }, deps.clock.now().toISOString());
  return presentBusiness(deps, { ...business, deletionDueAt: null }, principal);
}
