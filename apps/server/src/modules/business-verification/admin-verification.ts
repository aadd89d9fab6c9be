// What a business's admins do about its organisation identity (ADR 062): read where its
// verification stands, and ask the operator to verify its name, commercial register and country.
import type { BusinessVerification } from '@countersign/contract';
import { isSameOrganisation, isVerifiable, verificationStatus } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { authorizeBusiness } from '../businesses/index.js';
import type { OrganisationNow, VerificationRecord, VerificationRepo } from './repo.js';

export interface VerificationDeps {
  verifications: VerificationRepo;
  /**
   * where the register number is kept (AES for business's `commercialRegister`): the activity
   * module's, handed in by the composition root, since that module builds on this one (ADR 068)
   */
  aes4biz: {
    saveCommercialRegister(businessId: string, commercialRegister: string, now: string): Promise<void>;
  };
  clock: Clock;
}

/** The verification as the contract shows it, to the business's admins and to the operator. */
export function presentVerification(
  now: OrganisationNow,
  record: VerificationRecord | undefined,
): BusinessVerification {
  const status = verificationStatus(now.organisation, record);
  const stands = status === 'verified' || status === 'outdated';
  return {
    status,
    organisation: now.organisation,
    verified: stands && record ? { ...record.organisation, verifiedAt: record.decidedAt ?? '' } : null,
    requestedAt: record?.requestedAt ?? null,
    decidedAt: record?.decidedAt ?? null,
    reason: status === 'refused' || status === 'revoked' ? (record?.reason ?? null) : null,
  };
}

/** The business and its verification, or 404 (a deleted business is no business). */
export async function requireOrganisation(deps: Pick<VerificationDeps, 'verifications'>, businessId: string) {
  const found = await deps.verifications.find(businessId);
  if (!found) throw new AppError('business.not_found', 'No such business');
  return found;
}

export async function getVerification(
  deps: VerificationDeps,
  principal: PersonPrincipal,
  businessId: string,
) {
  authorizeBusiness(principal, 'view_verification', { businessId });
  const { now, record } = await requireOrganisation(deps, businessId);
  return presentVerification(now, record);
}

/**
 * Asks the operator to verify the business as it is now (with the register number given, which
 * becomes the business's). Asking again while that very organisation waits, or while its
 * verification stands, changes nothing.
 */
export async function requestVerification(
  deps: VerificationDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: { commercialRegister?: string | undefined },
) {
  authorizeBusiness(principal, 'request_verification', { businessId });
  let { now, record } = await requireOrganisation(deps, businessId);
  const at = deps.clock.now().toISOString();
  const register = input.commercialRegister;
  if (register !== undefined && register !== now.organisation.commercialRegister) {
    await deps.aes4biz.saveCommercialRegister(businessId, register, at);
    ({ now, record } = await requireOrganisation(deps, businessId));
  }
  if (!isVerifiable(now.organisation)) {
    throw new AppError(
      'business.verification_incomplete',
      'Give the business’s commercial register (its register number) to have it verified',
      { errors: [{ path: 'body.commercial_register', message: 'required' }] },
    );
  }
  const status = verificationStatus(now.organisation, record);
  const isAsked = status === 'pending' && record && isSameOrganisation(record.organisation, now.organisation);
  if (isAsked || status === 'verified') return presentVerification(now, record);
  const asked: VerificationRecord = {
    status: 'pending',
    organisation: now.organisation,
    requestedAt: at,
    requestedBy: principal.userId,
    decidedAt: null,
    decidedBy: null,
    reason: null,
  };
  await deps.verifications.record(businessId, asked, {
    action: 'requested',
    actor: `user:${principal.userId}`,
    at,
  });
  return presentVerification(now, asked);
}
