// Migrations that transform existing data are tested from the state before them: here the word
// index of dashboard search (009) is built for requests that existed before it, and account
// identifications with the qualities they granted survive the rebuild of 013, and the audit
// chain's head (014) is taken from the events a request already has, and placed signature
// boxes become signature fields (017), and business logos keep their rows when their table takes a
// key per business (035).
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { listRequests } from '../modules/signature-requests/list-repo.js';
import { openTestDatabase, testDatabases } from '../test-support/test-app.js';
import { migrateToLatest } from './migrate.js';

type Opened = Awaited<ReturnType<typeof openTestDatabase>>;

/** An account row as the migrations before the one tested left the table. */
async function insertUser(db: Opened['db'], email: string, firstName: string, lastName: string) {
  const at = '2026-01-01T00:00:00.000Z';
  await db.kysely
    .insertInto('users')
    .values({
      id: 'u1',
      email,
      password_hash: 'x',
      email_verified: 1,
      first_name: firstName,
      last_name: lastName,
      attributes: '{}',
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** A business row of `u1` as the migrations before the one tested left the table. */
async function insertBusiness(db: Opened['db'], id: string, name: string) {
  const at = '2026-01-01T00:00:00.000Z';
  await db.kysely
    .insertInto('businesses')
    .values({
      id,
      name,
      country: 'CH',
      settings: '{}',
      created_by: 'u1',
      created_at: at,
      updated_at: at,
      gtc_accepted_at: at,
      dpa_accepted_at: at,
      deletion_due_at: null,
      deleted_at: null,
      aes4biz: null,
    })
    .execute();
}

/** A draft request row with the columns the migrations before the one tested had (and `extra`). */
async function insertDraft(db: Opened['db'], id: string, title: string, extra: { expires_at?: null } = {}) {
  const at = '2026-01-01T00:00:00.000Z';
  await db.kysely
    .insertInto('signature_requests')
    .values({
      id,
      owner_id: 'u1',
      title,
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
      ...extra,
    })
    .execute();
}

/** A pending signer row of request r1 as the migrations before the one tested left the table. */
async function insertSigner(
  db: Opened['db'],
  id: string,
  position: number,
  email: string,
  name: string | null,
) {
  await db.kysely
    .insertInto('signers')
    .values({
      id,
      request_id: 'r1',
      position,
      email,
      name,
      account_user_id: null,
      status: 'pending',
      signed_at: null,
      declined_at: null,
      decline_message: null,
      created_at: '2026-01-01T00:00:00.000Z',
      first_name: null,
      last_name: null,
      language: null,
      delegated_from: null,
    })
    .execute();
}

describe.each(testDatabases())('migrations on %s', (kind) => {
  let opened: Opened | undefined;
  afterEach(async () => {
    await opened?.cleanup();
  });

  it('009 indexes the words of requests that existed before it', async () => {
    opened = await openTestDatabase(kind, { migrateUntil: '008-sendto' });
    const { db } = opened;
    const at = '2026-01-01T00:00:00.000Z';
    await insertUser(db, 'owner@example.org', 'Olga', 'Ösch');
    await insertDraft(db, 'r1', 'Rental agreement 2026');
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
    await insertSigner(db, 's1', 0, 'tenant@example.org', 'Théo Tenant');

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

  it('012 keeps account identifications and their qualities, and adds signer-bound ones', async () => {
    opened = await openTestDatabase(kind, { migrateUntil: '011-identification' });
    const { db } = opened;
    const at = '2026-01-01T00:00:00.000Z';
    await insertUser(db, 'ida@example.org', 'Ida', 'Identified');
    const identification = {
      id: 'i1',
      seq: 1,
      provider: 'srs',
      method: 'video',
      legislation: 'eidas',
      status: 'success',
      signature_request_id: null,
      url: 'http://x/sandbox/identification/i1',
      given_name: 'Ida',
      surname: 'Identified',
      country: 'DE',
      mobile: '+49 1',
      created_at: at,
      updated_at: at,
    };
    // before 012 the table has no signer_id column
    await db.kysely
      .insertInto('identifications')
      .values({ ...identification, user_id: 'u1' } as never)
      .execute();
    await db.kysely
      .insertInto('user_qualities')
      .values({
        user_id: 'u1',
        quality: 'qes.eidas',
        status: 'active',
        identification_id: 'i1',
        created_at: at,
      })
      .execute();

    await migrateToLatest(db);

    const kept = await db.kysely.selectFrom('identifications').selectAll().executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ id: 'i1', user_id: 'u1', signer_id: null, surname: 'Identified' });
    const joined = await db.kysely
      .selectFrom('user_qualities as q')
      .innerJoin('identifications as i', 'i.id', 'q.identification_id')
      .select(['q.quality', 'i.given_name'])
      .execute();
    expect(joined).toEqual([{ quality: 'qes.eidas', given_name: 'Ida' }]);
    // an identification belongs to an account or a signer: neither, or both, is refused
    await expect(
      db.kysely
        .insertInto('identifications')
        .values({ ...identification, id: 'i2', seq: 2, user_id: null, signer_id: null })
        .execute(),
    ).rejects.toThrow();
    // the account's identification still blocks deleting a granted quality's identification
    await expect(db.kysely.deleteFrom('identifications').where('id', '=', 'i1').execute()).rejects.toThrow();
  });
  it('014 remembers the head of each existing audit chain', async () => {
    opened = await openTestDatabase(kind, { migrateUntil: '013-direct-identification' });
    const { db } = opened;
    const at = '2026-01-01T00:00:00.000Z';
    await insertUser(db, 'owner@example.org', 'Olga', 'Ösch');
    for (const id of ['with-events', 'without-events']) await insertDraft(db, id, id, { expires_at: null });
    for (const seq of [1, 2, 3])
      await db.kysely
        .insertInto('events')
        .values({
          request_id: 'with-events',
          seq,
          type: 'created',
          at,
          actor_kind: 'system',
          actor_id: null,
          actor_email: null,
          ip: null,
          data: '{}',
          prev_hash: `prev-${seq}`,
          hash: `hash-${seq}`,
        })
        .execute();
    await migrateToLatest(db);
    const heads = await db.kysely
      .selectFrom('signature_requests')
      .select(['id', 'events_head_seq', 'events_head_hash'])
      .orderBy('id')
      .execute();
    expect(heads.map((h) => [h.id, Number(h.events_head_seq), h.events_head_hash])).toEqual([
      ['with-events', 3, 'hash-3'],
      ['without-events', 0, null],
    ]);
  });

  it('017 turns each placed signature box into a signature field and keeps invisible ones as names only', async () => {
    opened = await openTestDatabase(kind, { migrateUntil: '016-businesses' });
    const { db } = opened;
    const at = '2026-01-01T00:00:00.000Z';
    await insertUser(db, 'owner@example.org', 'Olga', 'Ösch');
    await insertDraft(db, 'r1', 'Lease');
    await db.kysely
      .insertInto('documents')
      .values({
        id: 'd1',
        request_id: 'r1',
        position: 0,
        title: 'Lease',
        file_name: 'lease.pdf',
        page_count: 1,
        pages: '[{"width":595,"height":842}]',
        original_sha256: 'a'.repeat(64),
        original_size: 100,
        current_sha256: 'a'.repeat(64),
        current_size: 100,
        revision: 0,
        created_at: at,
      })
      .execute();
    await insertSigner(db, 's1', 0, 's1@example.org', null);
    await insertSigner(db, 's2', 1, 's2@example.org', null);
    // the columns signer_fields had before 017
    const old = db.kysely as unknown as Kysely<{ signer_fields: Record<string, string | number | null> }>;
    await old
      .insertInto('signer_fields')
      .values([
        {
          signer_id: 's1',
          document_id: 'd1',
          field_name: 'Signature-s1',
          page: 1,
          x: 50,
          y: 60,
          width: 150,
          height: 70,
        },
        {
          signer_id: 's2',
          document_id: 'd1',
          field_name: 'Signature-s2',
          page: null,
          x: null,
          y: null,
          width: null,
          height: null,
        },
      ])
      .execute();

    await migrateToLatest(db);

    const fields = await db.kysely.selectFrom('request_fields').selectAll().execute();
    expect(
      fields.map((f) => ({
        ...f,
        x: Number(f.x),
        y: Number(f.y),
        width: Number(f.width),
        height: Number(f.height),
      })),
    ).toEqual([
      {
        request_id: 'r1',
        id: 'sig-s1-d1',
        signer_id: 's1',
        document_id: 'd1',
        position: 0,
        kind: 'signature',
        required: 1,
        label: '',
        page: 1,
        x: 50,
        y: 60,
        width: 150,
        height: 70,
        field_name: 'Signature-s1',
        value: null,
      },
    ]);
    const names = await db.kysely.selectFrom('signer_fields').selectAll().orderBy('signer_id').execute();
    expect(names).toEqual([
      { signer_id: 's1', document_id: 'd1', field_name: 'Signature-s1' },
      { signer_id: 's2', document_id: 'd1', field_name: 'Signature-s2' },
    ]);
  });

  it('035 keeps every logo, now keyed per business', async () => {
    opened = await openTestDatabase(kind, { migrateUntil: '032-sandbox-csc-credentials' });
    const { db } = opened;
    const at = '2026-01-01T00:00:00.000Z';
    await insertUser(db, 'owner@example.org', 'Olga', 'Ösch');
    await insertBusiness(db, 'b1', 'Ösch AG');
    const png = new Uint8Array([137, 80, 78, 71]);
    await db.kysely
      .insertInto('business_logos')
      .values({ name: 'f00.png', business_id: 'b1', png, created_at: at })
      .execute();
    await migrateToLatest(db);

    const logos = await db.kysely.selectFrom('business_logos').selectAll().execute();
    expect(logos.map((l) => ({ ...l, png: Buffer.from(l.png).toString('hex') }))).toEqual([
      { business_id: 'b1', name: 'f00.png', png: '89504e47', created_at: at },
    ]);
    // the same logo for a second business is now allowed
    await insertBusiness(db, 'b2', 'Zwei');
    await db.kysely
      .insertInto('business_logos')
      .values({ name: 'f00.png', business_id: 'b2', png, created_at: at })
      .execute();
  });
});
