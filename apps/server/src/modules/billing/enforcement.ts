// What a plan allows, enforced where it matters (the web app only shows it): uploading and sending
// need a business in good standing and a plan that uploads; each signature counts against the
// allowance of the request owner's plan for the month; inviting needs a free seat, taken under a
// lock on the business's seats so that invitations made at once cannot share the last one.
import {
  accessFor,
  bulkSendRows,
  identificationPayer,
  canInvite,
  canUpload,
  isFreeAccountType,
  signatureAllowance,
  type BusinessStatus,
  type Entitled,
  type SignatureLevel,
} from '@countersign/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { businessIdOfAccount } from '../businesses/index.js';
import type { BillingDeps } from './deps.js';
import { monthOf } from './presenter.js';
import * as repo from './repo.js';
import { businessSubscription, individualEntitlement } from './subscriptions.js';

/** The checks other modules ask billing for (signature requests, invitations). */
export interface PlanGate {
  /** creating a request with documents: refused on the new free plan and for a business not in good standing */
  checkCanUpload(userId: string): Promise<void>;
  /** sending a request */
  checkCanSend(userId: string): Promise<void>;
  /** how many rows one bulk send of `userId` may have (their plan's, or their business's; ADR 080) */
  maxBulkSendRows(userId: string): Promise<number>;
  /** counts one signature of `level` in a request of `ownerId`; the answer gives it back if signing fails */
  reserveSignature(ownerId: string, level: SignatureLevel): Promise<() => Promise<void>>;
  /**
   * Who pays the identification of a signer of a request of `ownerId` (spec 3 licenses.idents):
   * `signerUserId` is the signer's account, null for a link holder (whom the business invited)
   */
  identificationPayer(
    ownerId: string,
    signerUserId: string | null,
    legislation: 'eidas' | 'zertes',
  ): Promise<'business' | 'signer'>;
  /**
   * Inviting `count` more people into a business: checks for free seats and runs `take` (which
   * writes the invitations) in one transaction holding the business's seats, so two invitations
   * made at once cannot both take the last seat.
   */
  withSeats<T>(
    businessId: string,
    count: number,
    take: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T>;
}

interface Standing {
  /** whose allowance: the business's id, or the person's */
  subject: string;
  entitled: Entitled;
  seats: number;
  isBusiness: boolean;
  /** the business's status (ADR 061); an individual is always active */
  status: BusinessStatus;
}

/**
 * The standing of the account that owns a request: its business's, whichever kind of account it
 * is (ADR 052), else its own. The business's status is the one the edge reads for callers.
 */
async function standingOf(deps: BillingDeps, userId: string): Promise<Standing> {
  const businessId = await businessIdOfAccount(deps.db, userId);
  if (businessId) {
    const subscription = await businessSubscription(deps, businessId);
    const tenant = await deps.tenants(businessId);
    return {
      subject: businessId,
      entitled: subscription.plan,
      seats: subscription.seats,
      isBusiness: true,
      status: tenant?.status ?? 'deletion_pending',
    };
  }
  const subscription = await repo.findSubscriptionOfUser(deps.db, userId);
  const contact = await repo.userContact(deps.db, userId);
  const freeType = isFreeAccountType(contact?.freeAccountType) ? contact.freeAccountType : null;
  return {
    subject: userId,
    entitled: individualEntitlement(subscription, freeType),
    seats: 1,
    isBusiness: false,
    status: 'active',
  };
}

/** A business being deleted makes, sends and signs nothing new (ADR 061). */
function refuseWhileDeleting(standing: Pick<Standing, 'status'>): void {
  if (standing.status === 'deletion_pending') {
    throw new AppError(
      'business.deletion_pending',
      'The business is being deleted: nothing new is sent or signed for it until an admin revokes the deletion',
    );
  }
}

function requireGoodStanding(standing: Standing): void {
  refuseWhileDeleting(standing);
  if (standing.status !== 'active') {
    throw new AppError('billing.business_locked', 'The business needs a paid plan in good standing first');
  }
}

export function createPlanGate(deps: BillingDeps): PlanGate {
  const checkCanSend = async (userId: string) => {
    const standing = await standingOf(deps, userId);
    requireGoodStanding(standing);
    if (!canUpload(standing.entitled)) {
      throw new AppError(
        'billing.upload_not_in_plan',
        'The free plan does not send documents; upgrade first',
      );
    }
  };
  return {
    checkCanUpload: checkCanSend,
    checkCanSend,
    async maxBulkSendRows(userId) {
      return bulkSendRows((await standingOf(deps, userId)).entitled);
    },
    async reserveSignature(ownerId, level) {
      const standing = await standingOf(deps, ownerId);
      refuseWhileDeleting(standing);
      const { month } = monthOf(deps.clock.now());
      const limit = signatureAllowance(standing.entitled, standing.seats)[level];
      const key = { subject: standing.subject, month, level };
      if (!(await repo.reserveSignature(deps.db, { ...key, limit }))) {
        throw new AppError(
          'billing.signatures_exhausted',
          `This month's ${level} signatures of the plan are all used`,
          { level, limit },
        );
      }
      return () => repo.releaseSignature(deps.db, key);
    },
    async identificationPayer(ownerId, signerUserId, legislation) {
      const standing = await standingOf(deps, ownerId);
      const isMember =
        standing.isBusiness &&
        signerUserId !== null &&
        (await businessIdOfAccount(deps.db, signerUserId)) === standing.subject;
      return identificationPayer(standing.entitled, legislation, isMember);
    },
    async withSeats(businessId, count, take) {
      await businessSubscription(deps, businessId);
      const tenant = await deps.tenants(businessId);
      refuseWhileDeleting({ status: tenant?.status ?? 'deletion_pending' });
      return deps.db.transaction().execute(async (trx) => {
        await repo.lockSeats(trx, businessId);
        const subscription = await repo.findSubscriptionOfBusiness(trx, businessId);
        if (!subscription || accessFor(subscription.paymentState) !== 'full') {
          throw new AppError(
            'billing.business_locked',
            'The business needs a paid plan in good standing first',
          );
        }
        // a change being charged holds the seats to its terms: fewer seats count from the start
        const pending = await repo.findOpenCharge(trx, subscription.id);
        const seats = Math.min(subscription.seats, pending?.terms.seats ?? subscription.seats);
        const taken = await repo.seatsTaken(trx, businessId);
        if (!canInvite(seats, taken.people, taken.pendingInvitations, count)) {
          throw new AppError('billing.seats_exhausted', 'Every seat is taken; add seats first', {
            seats,
            ...taken,
          });
        }
        return take(trx);
      });
    },
  };
}
