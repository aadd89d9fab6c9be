// Migrations that transform existing data are tested from the state before them: here the word
// index of dashboard search (009) is built for requests that existed before it.
import { afterEach, describe, expect, it } from 'vitest';
import { listRequests } from '../modules/signature-requests/list.js';
import { openTestDatabase, testDatabases } from '../test-support/test-app.js';
import { migrateToLatest } from './migrate.js';

describe.each(testDatabases())('migrations on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  afterEach(async () => {
    await opened?.cleanup();
  });

  it('009 indexes the words of requests that existed before it', async () => {
    opened = await openTestDatabase(kind, { migrateUntil: '008-sendto' });
    const { db } = opened;
    const at = '2026-01-01T00:00:00.000Z';
    await db.kysely
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'owner@example.org',
        password_hash: 'x',
        email_verified: 1,
        first_name: 'Olga',
        last_name: 'Ösch',
        attributes: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db.kysely
      .insertInto('signature_requests')
      .values({
        id: 'r1',
        owner_id: 'u1',
        title: 'Rental agreement 2026',
        message: '',
        status: 'draft',
        quality: 'ses',
        legislation: 'eidas',
        created_at: at,
        updated_at: at,
        initiated_at: null,
        completed_at: null,
        ended_at: null,
        end_message: null,
      })
      .execute();
    await db.kysely
      .insertInto('request_participants')
      .values({
        email: 'owner@example.org',
        request_id: 'r1',
        is_owner: 1,
        status: 'draft',
        title: 'Rental agreement 2026',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db.kysely
      .insertInto('signers')
      .values({
        id: 's1',
        request_id: 'r1',
        position: 0,
        email: 'tenant@example.org',
        name: 'Théo Tenant',
        account_user_id: null,
        status: 'pending',
        signed_at: null,
        declined_at: null,
        decline_message: null,
        created_at: at,
        first_name: null,
        last_name: null,
        language: null,
        delegated_from: null,
      })
      .execute();

    await migrateToLatest(db);

    const me = { userId: 'u1', email: 'owner@example.org' };
    const search = async (text: string) =>
      (
        await listRequests(db.kysely, me, {
          page: 1,
          size: 25,
          sortBy: 'updated_at',
          sortOrder: 'desc',
          dateTimeMode: 'updated',
          status: [],
          search: text,
          sendBy: 'any',
        })
      ).items.map((item) => item.id);
    expect(await search('rent 2026')).toEqual(['r1']);
    expect(await search('theo tenant@example')).toEqual(['r1']);
    expect(await search('osch')).toEqual(['r1']);
    expect(await search('agreements')).toEqual([]);
  });
});
