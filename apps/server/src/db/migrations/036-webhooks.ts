// Webhooks for integrators (ADR 069): endpoints of a business or of one account, their signing
// secrets (several while one is rotated), and the deliveries, which are the outbox: a row is
// written in the same transaction as the change it tells of, and a background job sends it under a
// lease, so no event is lost by a crash and no two servers send the same one at once. Views of a
// request by a signer are remembered once each, for the `viewed` event.
import type { Kysely } from 'kysely';

export async function migration036Webhooks(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // exactly one of the two: the business whose admins manage it, or the account it is for
    .addColumn('business_id', 'text', (c) => c.references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // JSON array of event types
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_business_idx')
    .on('webhook_endpoints')
    .column('business_id')
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_user_idx')
    .on('webhook_endpoints')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('webhook_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    // the HMAC key itself: signing needs it, so it cannot be kept as a hash (ADR 069)
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // null while it is the newest; a rotation gives the older ones an end
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_secrets_endpoint_idx')
    .on('webhook_secrets')
    .column('endpoint_id')
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    // the webhook-id header, the same on every attempt
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // the exact body sent, so every attempt signs and sends the same bytes
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_response_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_signer_views')
    .addColumn('signer_id', 'text', (c) => c.primaryKey().references('signers.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .execute();
}
