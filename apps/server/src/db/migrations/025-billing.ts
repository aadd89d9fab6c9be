// Billing: one subscription per business or per individual (plan, cycle, currency, seats, the
// period, what comes next, the trial, the payment state, the billing address and the provider's
// customer), promo codes and who redeemed them, the charges billing asked the provider to collect
// (their terms are applied once paid), and signatures used per subject, month and level.
import type { Kysely } from 'kysely';

export async function migration025Billing(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // exactly one of the two: a business's subscription or an individual's
    .addColumn('business_id', 'text', (c) => c.unique().references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('cycle', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text')
    // the next period's base: a plan id, CANCELED, or null to renew as it is
    .addColumn('next_plan', 'text')
    .addColumn('trial_ends_at', 'text')
    // when a business without a paying method is locked (NEEDS_PAYMENT_METHOD -> BLOCKED)
    .addColumn('grace_ends_at', 'text')
    .addColumn('payment_state', 'text', (c) => c.notNull())
    .addColumn('subscription_status', 'text')
    .addColumn('customer_id', 'text', (c) => c.unique())
    .addColumn('address1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vat', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('referral_code', 'text', (c) => c.unique())
    .addColumn('promo_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // the version a client saw (`timestamp`): strictly increasing, compare-and-set on every write
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // the jobs look for trials, grace periods and periods that end
  await db.schema
    .createIndex('billing_subscriptions_trial_idx')
    .on('billing_subscriptions')
    .column('trial_ends_at')
    .execute();
  await db.schema
    .createIndex('billing_subscriptions_grace_idx')
    .on('billing_subscriptions')
    .column('grace_ends_at')
    .execute();
  await db.schema
    .createIndex('billing_subscriptions_period_idx')
    .on('billing_subscriptions')
    .column('period_end')
    .execute();

  await db.schema
    .createTable('billing_promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('discount_type', 'text', (c) => c.notNull())
    // basis points for percent, minor units for amount
    .addColumn('discount_value', 'integer', (c) => c.notNull())
    .addColumn('discount_currency', 'text')
    // JSON arrays, or null for every plan / cycle
    .addColumn('plans', 'text')
    .addColumn('cycles', 'text')
    .addColumn('max_redemptions', 'integer')
    .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('billing_promo_redemptions')
    .addColumn('code', 'text', (c) => c.notNull().references('billing_promo_codes.code').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) =>
      c.notNull().references('billing_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('charge_id', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_promo_redemptions_pk', ['code', 'subscription_id'])
    .execute();

  await db.schema
    .createTable('billing_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) =>
      c.notNull().references('billing_subscriptions.id').onDelete('cascade'),
    )
    // upgrade, seats, renewal
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: the terms the charge pays for, applied once it succeeds
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // pending, requires_action, succeeded, failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.unique())
    .addColumn('action_url', 'text')
    .addColumn('failure_code', 'text')
    // the subscription version the charge was quoted on: applying it is compare-and-set
    .addColumn('based_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema
    .createIndex('billing_charges_open_idx')
    .on('billing_charges')
    .columns(['subscription_id', 'status'])
    .execute();

  await db.schema
    .createTable('billing_usage')
    // a business id or a user id: whose allowance the signatures count against
    .addColumn('subject', 'text', (c) => c.notNull())
    // the calendar month, YYYY-MM (UTC)
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_usage_pk', ['subject', 'month', 'level'])
    .execute();
}
