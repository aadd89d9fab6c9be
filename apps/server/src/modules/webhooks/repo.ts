// SQL of webhook endpoints and their signing secrets. An endpoint belongs to a business or to one
// account (its owner); every query names the owner, so another tenant's endpoint is not found.
import type { Kysely, Selectable } from 'kysely';
import type { WebhookEventType } from '@countersign/contract';
import type { Database } from '../../db/schema.js';
import type { WebhookEndpointsTable } from './tables.js';

export type WebhookOwner = { kind: 'business'; businessId: string } | { kind: 'user'; userId: string };

export interface WebhookEndpointRecord {
  id: string;
  owner: WebhookOwner;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: 'failing' | null;
  failingSince: string | null;
  createdAt: string;
  secretSetAt: string;
}

/** A business or an account has at most this many endpoints. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export function toEndpointRecord(
  row: Selectable<WebhookEndpointsTable>,
  secretSetAt: string,
): WebhookEndpointRecord {
  return {
    id: row.id,
    owner: row.business_id
      ? { kind: 'business', businessId: row.business_id }
      : { kind: 'user', userId: row.user_id ?? '' },
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason === 'failing' ? 'failing' : null,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    secretSetAt,
  };
}

export function createWebhookRepo(db: Kysely<Database>) {
  const owned = (owner: WebhookOwner) => {
    const q = db.selectFrom('webhook_endpoints').selectAll();
    return owner.kind === 'business'
      ? q.where('business_id', '=', owner.businessId)
      : q.where('user_id', '=', owner.userId).where('business_id', 'is', null);
  };
  const newestSecretTimes = async (ids: readonly string[]) => {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await db
      .selectFrom('webhook_secrets')
      .select(['endpoint_id', (eb) => eb.fn.max('created_at').as('at')])
      .where('endpoint_id', 'in', ids)
      .groupBy('endpoint_id')
      .execute();
    return new Map(rows.map((r) => [r.endpoint_id, String(r.at)]));
  };

  return {
    async list(owner: WebhookOwner): Promise<WebhookEndpointRecord[]> {
      const rows = await owned(owner)
        .orderBy('created_at')
        .orderBy('id')
        .limit(MAX_WEBHOOK_ENDPOINTS)
        .execute();
      const times = await newestSecretTimes(rows.map((r) => r.id));
      return rows.map((r) => toEndpointRecord(r, times.get(r.id) ?? r.created_at));
    },

    async count(owner: WebhookOwner): Promise<number> {
      return (await owned(owner).execute()).length;
    },

    /** The owner's endpoint of that id, or undefined (also when it is someone else's). */
    async find(owner: WebhookOwner, id: string): Promise<WebhookEndpointRecord | undefined> {
      const row = await owned(owner).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const times = await newestSecretTimes([row.id]);
      return toEndpointRecord(row, times.get(row.id) ?? row.created_at);
    },

    /** Any owner's endpoint (the delivery job, which acts for nobody). */
    async findById(id: string): Promise<WebhookEndpointRecord | undefined> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toEndpointRecord(row, row.created_at);
    },

    async insert(record: WebhookEndpointRecord, secret: { id: string; secret: string }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webhook_endpoints')
          .values({
            id: record.id,
            business_id: record.owner.kind === 'business' ? record.owner.businessId : null,
            user_id: record.owner.kind === 'user' ? record.owner.userId : null,
            url: record.url,
            description: record.description,
            events: JSON.stringify(record.events),
            enabled: record.enabled ? 1 : 0,
            disabled_reason: null,
            failing_since: null,
            created_at: record.createdAt,
            updated_at: record.createdAt,
          })
          .execute();
        await trx
          .insertInto('webhook_secrets')
          .values({
            id: secret.id,
            endpoint_id: record.id,
            secret: secret.secret,
            created_at: record.createdAt,
            expires_at: null,
          })
          .execute();
      });
    },

    async update(
      id: string,
      changes: { url?: string; description?: string; events?: WebhookEventType[]; enabled?: boolean },
      now: string,
    ): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({
          ...(changes.url !== undefined && { url: changes.url }),
          ...(changes.description !== undefined && { description: changes.description }),
          ...(changes.events !== undefined && { events: JSON.stringify(changes.events) }),
          // enabled again, it starts afresh: no reason to be off, no failures counted
          ...(changes.enabled !== undefined && {
            enabled: changes.enabled ? 1 : 0,
            disabled_reason: null,
            ...(changes.enabled && { failing_since: null }),
          }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
        await trx.deleteFrom('webhook_secrets').where('endpoint_id', '=', id).execute();
        await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
      });
    },

    /** A new newest secret; the ones before stay valid until `keepUntil` (no later than they would). */
    async rotateSecret(
      endpointId: string,
      secret: { id: string; secret: string },
      now: string,
      keepUntil: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_secrets')
          .set({ expires_at: keepUntil })
          .where('endpoint_id', '=', endpointId)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', keepUntil)]))
          .execute();
        await trx
          .insertInto('webhook_secrets')
          .values({
            id: secret.id,
            endpoint_id: endpointId,
            secret: secret.secret,
            created_at: now,
            expires_at: null,
          })
          .execute();
      });
    },

    /** The secrets a delivery is signed with now, newest first. */
    async validSecrets(endpointId: string, now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('webhook_secrets')
        .select('secret')
        .where('endpoint_id', '=', endpointId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.secret);
    },

    /** Where a mail about the endpoint goes: the business's admins, or the account's holder. */
    async contactsOf(owner: WebhookOwner): Promise<{ email: string; attributes: string }[]> {
      if (owner.kind === 'user') {
        return db
          .selectFrom('users')
          .select(['email', 'attributes'])
          .where('id', '=', owner.userId)
          .where('deleted_at', 'is', null)
          .execute();
      }
      return db
        .selectFrom('business_memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.email', 'u.attributes'])
        .where('m.business_id', '=', owner.businessId)
        .where('m.role', '=', 'admin')
        .where('u.deleted_at', 'is', null)
        .orderBy('u.email')
        .execute();
    },
  };
}

export type WebhookRepo = ReturnType<typeof createWebhookRepo>;
