// The only SQL of billing: subscriptions (written compare-and-set on their version), promo codes
// and their redemptions, charges, signatures used per month, and the counts billing reads from the
// business tables (people and open invitations take seats).
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PromoCode, SignatureLevel } from '@countersign/domain';
import type { BillingPromoCodesTable, BillingSubscriptionsTable, BillingChargesTable } from './tables.js';
import type { ChargeRecord, SubscriptionRecord } from './model.js';
import { findPerson, fullNameOf } from '../accounts/index.js';

type Db = Kysely<Database> | Transaction<Database>;

function toSubscription(row: BillingSubscriptionsTable): SubscriptionRecord {
  return {
    id: row.id,
    businessId: row.business_id,
    userId: row.user_id,
    plan: row.plan as SubscriptionRecord['plan'],
    cycle: row.cycle as SubscriptionRecord['cycle'],
    currency: row.currency as SubscriptionRecord['currency'],
    seats: Number(row.seats),
    periodStart: row.period_start,
    periodEnd: row.period_end,
    nextPlan: row.next_plan as SubscriptionRecord['nextPlan'],
    trialEndsAt: row.trial_ends_at,
    graceEndsAt: row.grace_ends_at,
    paymentState: row.payment_state as SubscriptionRecord['paymentState'],
    subscriptionStatus: row.subscription_status as SubscriptionRecord['subscriptionStatus'],
    customerId: row.customer_id,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    country: row.country,
    postalCode: row.postal_code,
    vat: row.vat,
    referralCode: row.referral_code,
    promoCode: row.promo_code,
    referredBy: row.referred_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(s: SubscriptionRecord): BillingSubscriptionsTable {
  return {
    id: s.id,
    business_id: s.businessId,
    user_id: s.userId,
    plan: s.plan,
    cycle: s.cycle,
    currency: s.currency,
    seats: s.seats,
    period_start: s.periodStart,
    period_end: s.periodEnd,
    next_plan: s.nextPlan,
    trial_ends_at: s.trialEndsAt,
    grace_ends_at: s.graceEndsAt,
    payment_state: s.paymentState,
    subscription_status: s.subscriptionStatus,
    customer_id: s.customerId,
    address1: s.address1,
    address2: s.address2,
    city: s.city,
    country: s.country,
    postal_code: s.postalCode,
    vat: s.vat,
    referral_code: s.referralCode,
    promo_code: s.promoCode,
    referred_by: s.referredBy,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

export async function findSubscriptionOfBusiness(db: Db, businessId: string) {
  const row = await db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

export async function findSubscriptionOfUser(db: Db, userId: string) {
  const row = await db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

export async function findSubscription(db: Db, id: string) {
  const row = await db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

export async function findSubscriptionByCustomer(db: Db, customerId: string) {
  const row = await db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

export async function findSubscriptionByReferral(db: Db, referralCode: string) {
  const row = await db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('referral_code', '=', referralCode)
    .executeTakeFirst();
  return row ? toSubscription(row) : undefined;
}

/** Inserts a subscription unless its business or user has one already (two first reads racing). */
export async function insertSubscriptionIfAbsent(db: Db, subscription: SubscriptionRecord): Promise<void> {
  await db
    .insertInto('billing_subscriptions')
    .values(toRow(subscription))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Writes the whole subscription if it is still at the version `expected`: false when someone else
 * wrote it meanwhile (the caller answers 409, or reads again), so no change is ever lost.
 */
export async function replaceSubscription(
  db: Db,
  next: SubscriptionRecord,
  expected: string,
): Promise<boolean> {
  const { id: _id, created_at: _created, ...values } = toRow(next);
  const result = await db
    .updateTable('billing_subscriptions')
    .set(values)
    .where('id', '=', next.id)
    .where('updated_at', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function businessesWithoutSubscription(db: Db, limit: number) {
  return db
    .selectFrom('businesses')
    .select(['businesses.id', 'businesses.created_at', 'businesses.country'])
    .where('businesses.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('billing_subscriptions')
            .select('billing_subscriptions.id')
            .whereRef('billing_subscriptions.business_id', '=', 'businesses.id'),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/** Subscriptions in one of `states` whose trial, grace period or paid period ended by `now`. */
export async function listDue(
  db: Db,
  input: {
    column: 'trial_ends_at' | 'grace_ends_at' | 'period_end';
    states: readonly string[];
    now: string;
    limit: number;
  },
) {
  const rows = await db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where(input.column, '<=', input.now)
    .where('payment_state', 'in', input.states)
    .orderBy(input.column)
    .limit(input.limit)
    .execute();
  return rows.map(toSubscription);
}

export async function findBusiness(db: Db, businessId: string) {
  return db
    .selectFrom('businesses')
    .select(['id', 'name', 'country', 'created_at'])
    .where('id', '=', businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function userContact(db: Db, userId: string) {
  const person = await findPerson(db, userId, { includeDeleted: true });
  if (!person) return undefined;
  return {
    email: person.email,
    name: fullNameOf(person),
    freeAccountType: person.attributes.freeAccountType ?? null,
    lang: person.attributes.lang ?? null,
  };
}

/** The first admin of a business, who the provider's customer record and invoices are addressed to. */
export async function businessContact(db: Db, businessId: string) {
  const row = await db
    .selectFrom('business_memberships')
    .innerJoin('businesses', 'businesses.id', 'business_memberships.business_id')
    .select(['business_memberships.user_id', 'businesses.name', 'businesses.country'])
    .where('business_memberships.business_id', '=', businessId)
    .where('business_memberships.role', '=', 'admin')
    .orderBy('business_memberships.joined_at')
    .executeTakeFirst();
  const admin = row && (await findPerson(db, row.user_id, { includeDeleted: true }));
  if (!row || !admin) return undefined;
  return { email: admin.email, name: row.name, country: row.country, lang: admin.attributes.lang ?? null };
}

/**
 * Locks the business's subscription row until the transaction ends, without changing it (its
 * version stays, so no client's timestamp goes stale): seat checks made under it run one at a time.
 */
export async function lockSeats(trx: Transaction<Database>, businessId: string): Promise<void> {
  await trx
    .updateTable('billing_subscriptions')
    .set({ seats: sql`seats` })
    .where('business_id', '=', businessId)
    .execute();
}

/** People of a business (admins and members) and its invitations not yet answered: each holds a seat. */
export async function seatsTaken(
  db: Db,
  businessId: string,
): Promise<{ people: number; pendingInvitations: number }> {
  const people = await db
    .selectFrom('business_memberships')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  const invitations = await db
    .selectFrom('business_invitations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return { people: Number(people.n), pendingInvitations: Number(invitations.n) };
}

// promo codes

function toPromo(row: BillingPromoCodesTable): PromoCode {
  return {
    code: row.code,
    discount:
      row.discount_type === 'percent'
        ? { type: 'percent', basisPoints: Number(row.discount_value) }
        : {
            type: 'amount',
            amountMinor: Number(row.discount_value),
            currency: row.discount_currency as 'EUR' | 'CHF',
          },
    plans: row.plans ? (JSON.parse(row.plans) as PromoCode['plans']) : null,
    cycles: row.cycles ? (JSON.parse(row.cycles) as PromoCode['cycles']) : null,
    maxRedemptions: row.max_redemptions === null ? null : Number(row.max_redemptions),
    redemptions: Number(row.redemptions),
    expiresAt: row.expires_at,
  };
}

export async function findPromo(db: Db, code: string) {
  const row = await db
    .selectFrom('billing_promo_codes')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? toPromo(row) : undefined;
}

export async function insertPromo(db: Db, promo: PromoCode, now: string): Promise<void> {
  await db
    .insertInto('billing_promo_codes')
    .values({
      code: promo.code,
      discount_type: promo.discount.type,
      discount_value:
        promo.discount.type === 'percent' ? promo.discount.basisPoints : promo.discount.amountMinor,
      discount_currency: promo.discount.type === 'amount' ? promo.discount.currency : null,
      plans: promo.plans ? JSON.stringify(promo.plans) : null,
      cycles: promo.cycles ? JSON.stringify(promo.cycles) : null,
      max_redemptions: promo.maxRedemptions,
      redemptions: promo.redemptions,
      expires_at: promo.expiresAt,
      created_at: now,
    })
    .execute();
}

/**
 * Takes one use of a code for a subscription, if one is left: the count only rises while it is
 * under the maximum, so two purchases racing for the last use cannot both have it.
 */
export async function redeemPromo(
  trx: Transaction<Database>,
  input: { code: string; subscriptionId: string; chargeId: string; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('billing_promo_codes')
    .set({ redemptions: sql`redemptions + 1` })
    .where('code', '=', input.code)
    .where((eb) =>
      eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('billing_promo_redemptions')
    .values({
      code: input.code,
      subscription_id: input.subscriptionId,
      charge_id: input.chargeId,
      redeemed_at: input.now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

// charges

function toCharge(row: BillingChargesTable): ChargeRecord {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    kind: row.kind,
    terms: JSON.parse(row.terms) as ChargeRecord['terms'],
    amountMinor: Number(row.amount_minor),
    taxMinor: Number(row.tax_minor),
    currency: row.currency as ChargeRecord['currency'],
    status: row.status,
    paymentId: row.payment_id,
    actionUrl: row.action_url,
    failureCode: row.failure_code,
    basedOn: row.based_on,
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

export async function insertCharge(db: Db, charge: ChargeRecord): Promise<void> {
  await db
    .insertInto('billing_charges')
    .values({
      id: charge.id,
      subscription_id: charge.subscriptionId,
      kind: charge.kind,
      terms: JSON.stringify(charge.terms),
      amount_minor: charge.amountMinor,
      tax_minor: charge.taxMinor,
      currency: charge.currency,
      status: charge.status,
      payment_id: charge.paymentId,
      action_url: charge.actionUrl,
      failure_code: charge.failureCode,
      based_on: charge.basedOn,
      created_at: charge.createdAt,
      settled_at: charge.settledAt,
    })
    .execute();
}

/** Moves a charge on from the status it was read in; false when another writer moved it first. */
export async function settleCharge(
  db: Db,
  id: string,
  from: ChargeRecord['status'][],
  patch: Pick<ChargeRecord, 'status'> &
    Partial<Pick<ChargeRecord, 'paymentId' | 'actionUrl' | 'failureCode' | 'settledAt'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('billing_charges')
    .set({
      status: patch.status,
      ...(patch.paymentId !== undefined && { payment_id: patch.paymentId }),
      ...(patch.actionUrl !== undefined && { action_url: patch.actionUrl }),
      ...(patch.failureCode !== undefined && { failure_code: patch.failureCode }),
      ...(patch.settledAt !== undefined && { settled_at: patch.settledAt }),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findChargeByPayment(db: Db, paymentId: string) {
  const row = await db
    .selectFrom('billing_charges')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return row ? toCharge(row) : undefined;
}

/** The subscription's latest charge, whatever became of it. */
export async function lastChargeOf(db: Db, subscriptionId: string) {
  const row = await db
    .selectFrom('billing_charges')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? toCharge(row) : undefined;
}

/** A charge of the subscription that still waits for the provider or the card holder. */
export async function findOpenCharge(db: Db, subscriptionId: string) {
  const row = await db
    .selectFrom('billing_charges')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('status', 'in', ['pending', 'requires_action'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? toCharge(row) : undefined;
}

// usage

export async function usedThisMonth(db: Db, subject: string, month: string) {
  const rows = await db
    .selectFrom('billing_usage')
    .select(['level', 'used'])
    .where('subject', '=', subject)
    .where('month', '=', month)
    .execute();
  const used = { ses: 0, aes: 0, qes: 0 };
  for (const row of rows) used[row.level as SignatureLevel] = Number(row.used);
  return used;
}

/**
 * Counts one signature of `level` against `subject` for `month` if it stays within `limit` (null:
 * no limit): the count only rises under the limit, so signatures made at once cannot overrun it.
 */
export async function reserveSignature(
  db: Db,
  input: { subject: string; month: string; level: SignatureLevel; limit: number | null },
): Promise<boolean> {
  const key = { subject: input.subject, month: input.month, level: input.level };
  await db
    .insertInto('billing_usage')
    .values({ ...key, used: 0 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  let update = db
    .updateTable('billing_usage')
    .set({ used: sql`used + 1` })
    .where('subject', '=', key.subject)
    .where('month', '=', key.month)
    .where('level', '=', key.level);
  if (input.limit !== null) update = update.where('used', '<', input.limit);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a signature counted by `reserveSignature` whose signing then failed. */
export async function releaseSignature(
  db: Db,
  input: { subject: string; month: string; level: SignatureLevel },
) {
  await db
    .updateTable('billing_usage')
    .set({ used: sql`used - 1` })
    .where('subject', '=', input.subject)
    .where('month', '=', input.month)
    .where('level', '=', input.level)
    .where('used', '>', 0)
    .execute();
}
