// What the business use cases need from the rest of the server.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import type { TxtResolver } from '../../providers/dns/txt-resolver.js';
import type { Throttle } from '../accounts/throttle.js';
import type { BusinessRepo } from './repo.js';
import type { SurveyRepo } from './surveys/repo.js';
import type { BusinessBillingView } from '../billing/business-payload.js';
import type { PlanGate } from '../billing/enforcement.js';

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
  plans?: Pick<PlanGate, 'withSeats'> | undefined;
  /** the plan and billing a business's payload carries (billing); set once billing is built */
  billing?: BusinessBillingView | undefined;
}
