// The operator's use cases for businesses' organisation identities (ADR 062): list those waiting
// (or in another state), show one with its log, verify, refuse, revoke. Both doors lead here: the
// operator API (`actor` api) and the `countersign business` commands (`actor` cli). Nothing here
// knows a person of the product: the operator is whoever holds the installation.
import type { OperatorBusiness, OperatorBusinessDetail } from '@countersign/contract';
import {
  isSameOrganisation,
  isVerifiable,
  verificationStatus,
  type OrganisationIdentity,
} from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { presentVerification, requireOrganisation } from './admin-verification.js';
import type { OrganisationNow, VerificationRecord, VerificationRepo } from './repo.js';
import type { VerificationStatus } from './tables.js';

export interface OperatorDeps {
  verifications: VerificationRepo;
  clock: Clock;
}

/** Who the operator acted through, as the log records it. */
export type OperatorActor = 'cli' | 'api';

type Pair = { now: OrganisationNow; record: VerificationRecord | undefined };

function presentBusiness(pair: Pair, emails: Map<string, string>): OperatorBusiness {
  const askedBy = pair.record?.requestedBy;
  return {
    id: pair.now.businessId,
    createdAt: pair.now.createdAt,
    requestedBy: (askedBy && emails.get(askedBy)) ?? null,
    verification: presentVerification(pair.now, pair.record),
  };
}

export async function listBusinesses(
  deps: OperatorDeps,
  query: { status: VerificationStatus; page: number; size: number },
) {
  const { items, total } = await deps.verifications.list(query.status, query.page, query.size);
  const askers = items.flatMap((p) => (p.record?.requestedBy ? [p.record.requestedBy] : []));
  const emails = await deps.verifications.emailsOf(askers);
  return {
    items: items.map((pair) => presentBusiness(pair, emails)),
    page: query.page,
    size: query.size,
    total,
  };
}

export async function showBusiness(deps: OperatorDeps, businessId: string): Promise<OperatorBusinessDetail> {
  const pair = await requireOrganisation(deps, businessId);
  const askedBy = pair.record?.requestedBy;
  const emails = await deps.verifications.emailsOf(askedBy ? [askedBy] : []);
  const log = await deps.verifications.log(businessId);
  return {
    ...presentBusiness(pair, emails),
    log: log.map((entry) => ({
      action: entry.action,
      actor: entry.actor,
      ...entry.organisation,
      reason: entry.reason,
      at: entry.at,
    })),
  };
}

/**
 * Records that the operator verified `checked`, which must be the business's organisation as it
 * is now: what the operator looked up is what a certificate will name, or nothing is recorded.
 */
export async function verifyBusiness(
  deps: OperatorDeps,
  actor: OperatorActor,
  businessId: string,
  checked: OrganisationIdentity & { note?: string | undefined },
) {
  const { now, record } = await requireOrganisation(deps, businessId);
  const organisation = {
    name: checked.name.trim(),
    commercialRegister: checked.commercialRegister.trim(),
    country: checked.country.trim().toUpperCase(),
  };
  if (!isVerifiable(organisation)) {
    throw new AppError(
      'business.verification_incomplete',
      'Give the name, the register number and the country',
    );
  }
  if (!isSameOrganisation(organisation, now.organisation)) {
    const { name, commercialRegister, country } = now.organisation;
    throw new AppError(
      'business.verification_mismatch',
      `The business is now "${name}", register "${commercialRegister}", country ${country}: verify what it is, or ask it to change`,
    );
  }
  const at = deps.clock.now().toISOString();
  await deps.verifications.record(
    businessId,
    {
      status: 'verified',
      organisation,
      requestedAt: record?.requestedAt ?? null,
      requestedBy: record?.requestedBy ?? null,
      decidedAt: at,
      decidedBy: actor,
      reason: checked.note?.trim() || null,
    },
    { action: 'verified', actor, at },
  );
  return showBusiness(deps, businessId);
}

/** Turns down a waiting request (only a pending one), saying why. */
export async function refuseBusiness(
  deps: OperatorDeps,
  actor: OperatorActor,
  businessId: string,
  reason: string,
) {
  const { record } = await requireOrganisation(deps, businessId);
  if (record?.status !== 'pending') {
    throw new AppError(
      'business.verification_not_pending',
      'The business has no request for verification waiting',
    );
  }
  await decide(deps, actor, businessId, { ...record, status: 'refused' }, reason);
  return showBusiness(deps, businessId);
}

/** Takes back a verification (standing or outdated), saying why. */
export async function revokeBusiness(
  deps: OperatorDeps,
  actor: OperatorActor,
  businessId: string,
  reason: string,
) {
  const { now, record } = await requireOrganisation(deps, businessId);
  const status = verificationStatus(now.organisation, record);
  if (!record || (status !== 'verified' && status !== 'outdated')) {
    throw new AppError('business.verification_not_verified', 'The business’s organisation is not verified');
  }
  await decide(deps, actor, businessId, { ...record, status: 'revoked' }, reason);
  return showBusiness(deps, businessId);
}

async function decide(
  deps: OperatorDeps,
  actor: OperatorActor,
  businessId: string,
  record: VerificationRecord,
  reason: string,
) {
  const at = deps.clock.now().toISOString();
  const action = record.status === 'refused' ? 'refused' : 'revoked';
  await deps.verifications.record(
    businessId,
    { ...record, decidedAt: at, decidedBy: actor, reason: reason.trim() },
    { action, actor, at },
  );
}
