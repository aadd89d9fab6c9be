// What the business use cases need from the rest of the server.
import type { Kysely, Transaction } from 'kysely';
import type { BusinessBilling, PricePlan, StripeInfo } from '@countersign/contract';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import type { TxtResolver } from '../../providers/dns/txt-resolver.js';
import type { Throttle } from '../accounts/index.js';
import type { BusinessRepo } from './repo.js';
import type { SurveyRepo } from './surveys/repo.js';

/*
 * What businesses ask of the modules above them. Billing and the activity report build on
 * businesses (its policy, its people), so businesses names what it needs here and the composition
 * root hands in their implementations (ADR 068); nothing here imports them.
 */

/** The seats of a business's plan: `take` runs in the transaction that holds them (billing). */
export interface SeatGate {
  withSeats<T>(
    businessId: string,
    count: number,
    take: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T>;
}

/** What a business's own payload carries of its plan and billing (spec 3 Business.pricePlan, ...). */
export interface BusinessBillingPayload {
  pricePlan: PricePlan;
  billing: BusinessBilling | null;
  stripe: StripeInfo | null;
}

/** The plan and billing a business's payload shows, for an admin or a member (billing). */
export interface BusinessBillingView {
  describe(businessId: string, role: 'admin' | 'member'): Promise<BusinessBillingPayload>;
}

export type AccountEvent =
  'invited' | 'invitation_withdrawn' | 'joined' | 'role_changed' | 'removed' | 'left';

/** Writes the activity report's rows for changes of people's places in a business (business-activity). */
export type RecordAccountEvents = (
  businessId: string,
  at: string,
  byEmail: string,
  events: readonly { event: AccountEvent; email: string; name: string; role: 'admin' | 'member' | null }[],
) => Promise<void>;

export interface BusinessDeps {
  db: Kysely<Database>;
  repo: BusinessRepo;
  /** answers to the satisfaction survey (ADR 059) */
  surveys: SurveyRepo;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** looks up the TXT records that prove a domain claim (DNS_RESOLVER) */
  txt: TxtResolver;
  /** days between asking to delete a business and its deletion (revocable meanwhile) */
  deletionNoticeDays: number;
  /** counts what a business sends (invitations), in the rate_limits every process shares */
  throttle: Throttle;
  /** invitations one business may send in an hour (INVITATIONS_PER_BUSINESS_HOUR) */
  invitationsPerBusinessHour: number;
  /** days an unproved domain claim lasts (DOMAIN_CLAIM_DAYS) */
  domainClaimDays: number;
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
  /** seats of the business's plan (billing); undefined: not limited */
  plans?: SeatGate | undefined;
  /** the plan and billing a business's payload carries (billing) */
  billing: BusinessBillingView;
  /** the activity report's record of people joining, changing role and leaving */
  recordAccountEvents: RecordAccountEvents;
}
