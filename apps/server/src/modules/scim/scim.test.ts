// SCIM 2.0 provisioning over HTTP (ADR 084), on SQLite and PostgreSQL: a business admin makes the
// SCIM token, the business's identity provider creates, finds, replaces, deactivates and deletes
// people with it; each person takes a seat and gives it back; and every bad call (no or a revoked
// token, a filter not understood, a userName provisioned already, an address off the business's
// domains, a full business, another business's person) gets a SCIM error and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_ERROR_SCHEMA, SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA } from '@countersign/contract';
import { signUp } from '../../test-support/accounts.js';
import { createBusiness, jsonCaller, proveDomain } from '../../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const user = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [SCIM_USER_SCHEMA],
  userName,
  name: { givenName: 'Pat', familyName: 'Provisioned' },
  ...extra,
});
const deactivate = {
  schemas: [SCIM_PATCH_SCHEMA],
  Operations: [{ op: 'Replace', path: 'active', value: false }],
};

describe.each(testDatabases())('SCIM provisioning (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let businessId: string;
  let token: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const scim = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    bearer = token,
  ) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/scim+json' },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
  const seats = async () =>
    (await call('GET', `/v2/businesses/${businessId}/subscriptions/usage`, admin)).json().seats
      .people as number;
  const membershipOf = async (email: string) =>
    (
      await t.db.kysely
        .selectFrom('business_memberships')
        .innerJoin('users', 'users.id', 'business_memberships.user_id')
        .select('business_memberships.business_id')
        .where('users.email', '=', email)
        .executeTakeFirst()
    )?.business_id;
  const expectScimError = (res: Awaited<ReturnType<typeof scim>>, status: number, scimType?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/scim+json');
    expect(res.json()).toMatchObject({ schemas: [SCIM_ERROR_SCHEMA], status: String(status) });
    if (scimType) expect(res.json().scimType).toBe(scimType);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'admin@scim.example', 'Ada');
    businessId = await createBusiness(t.app, admin, 'Provisioned Ltd');
    await proveDomain(t.app, admin, businessId, 'scim.example');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets an admin make the token once, shown only then and stored hashed', async () => {
    expect((await call('GET', `/v1/businesses/${businessId}/scim_token`, admin)).json()).toEqual({
      scim_token: null,
      base_url: `${t.config.publicUrl}/scim/v2`,
    });
    const made = await call('POST', `/v1/businesses/${businessId}/scim_token`, admin);
    expect(made.statusCode, made.body).toBe(200);
    token = made.json().token as string;
    expect(token).toMatch(/^scim_[\w-]{43}$/);
    const state = await call('GET', `/v1/businesses/${businessId}/scim_token`, admin);
    expect(state.json().scim_token).toMatchObject({ last_used_at: null });
    expect(state.body).not.toContain(token);
    const row = await t.db.kysely.selectFrom('business_scim_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token.slice(5));
  });

  it('keeps the token to the business admins; another tenant gets 404', async () => {
    const outsider = await signUp(t.app, 'outsider@elsewhere.example');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(method, `/v1/businesses/${businessId}/scim_token`, outsider)).statusCode).toBe(404);
    }
  });

  it('refuses calls without the token, with junk, or with a session token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expectScimError(none, 401);
    expectScimError(await scim('GET', '/Users', undefined, 'scim_not-a-real-token'), 401);
    expectScimError(await scim('GET', '/Users', undefined, admin), 401);
  });

  it('provisions a new person: a confirmed account without a password, a member with a seat', async () => {
    const before = await seats();
    const made = await scim('POST', '/Users', user('New.Person@scim.example', { externalId: 'okta-1' }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['content-type']).toContain('application/scim+json');
    expect(made.json()).toMatchObject({
      schemas: [SCIM_USER_SCHEMA],
      userName: 'new.person@scim.example',
      externalId: 'okta-1',
      name: { givenName: 'Pat', familyName: 'Provisioned' },
      active: true,
      meta: { resourceType: 'User', location: `${t.config.publicUrl}/scim/v2/Users/${made.json().id}` },
    });
    expect(await membershipOf('new.person@scim.example')).toBe(businessId);
    expect(await seats()).toBe(before + 1);
    const account = await t.db.kysely
      .selectFrom('users')
      .select(['email_verified', 'password_hash'])
      .where('email', '=', 'new.person@scim.example')
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ email_verified: 1, password_hash: '!' });
    // the provider finds the person by userName, in any case, and by id
    const found = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "NEW.person@scim.example"')}`,
    );
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: made.json().id }] });
    expect((await scim('GET', `/Users/${made.json().id}`)).json().userName).toBe('new.person@scim.example');
    const nobody = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "nobody@scim.example"')}`,
    );
    expect(nobody.json()).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it('links an existing account that belongs to no business, keeping its password', async () => {
    await signUp(t.app, 'existing@scim.example', 'Erin');
    const linked = await scim('POST', '/Users', user('existing@scim.example'));
    expect(linked.statusCode, linked.body).toBe(201);
    expect(await membershipOf('existing@scim.example')).toBe(businessId);
    const login = await call('POST', '/v1/login', undefined, {
      email: 'existing@scim.example',
      password: 'correct horse battery staple',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a duplicate userName, a filter it does not understand, and an address off the proved domains', async () => {
    expectScimError(await scim('POST', '/Users', user('new.person@scim.example')), 409, 'uniqueness');
    expectScimError(
      await scim('GET', `/Users?filter=${encodeURIComponent('emails co "scim"')}`),
      400,
      'invalidFilter',
    );
    expectScimError(
      await scim('GET', `/Users?filter=${encodeURIComponent('userName eq bare')}`),
      400,
      'invalidFilter',
    );
    const before = await t.db.kysely.selectFrom('users').select('id').execute();
    expectScimError(await scim('POST', '/Users', user('someone@gmail.example')), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', user('not-an-address')), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', { userName: 'x@scim.example' }), 400, 'invalidValue');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: '{"schemas":',
    });
    expectScimError(malformed, 400, 'invalidSyntax');
    expect((await t.db.kysely.selectFrom('users').select('id').execute()).length).toBe(before.length);
  });

  it('deactivates with PATCH active (the seat is freed), reactivates, replaces, and deletes', async () => {
    const made = await scim('POST', '/Users', user('cycle@scim.example'));
    const id = made.json().id as string;
    const withSeat = await seats();
    const off = await scim('PATCH', `/Users/${id}`, deactivate);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    expect(await membershipOf('cycle@scim.example')).toBeUndefined();
    expect(await seats()).toBe(withSeat - 1);
    // still readable while deactivated, so the provider can turn the person on again
    expect((await scim('GET', `/Users/${id}`)).json().active).toBe(false);
    const on = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_PATCH_SCHEMA],
      Operations: [{ op: 'replace', value: { active: 'True', 'name.givenName': 'Cy' } }],
    });
    expect(on.json()).toMatchObject({ active: true, name: { givenName: 'Cy' } });
    expect(await membershipOf('cycle@scim.example')).toBe(businessId);
    const replaced = await scim(
      'PUT',
      `/Users/${id}`,
      user('cycle@scim.example', { name: { givenName: 'Cyd', familyName: 'Le' } }),
    );
    expect(replaced.json()).toMatchObject({ name: { givenName: 'Cyd', familyName: 'Le' }, active: true });
    expectScimError(await scim('PUT', `/Users/${id}`, user('renamed@scim.example')), 400, 'mutability');
    expectScimError(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [SCIM_PATCH_SCHEMA],
        Operations: [{ op: 'replace', path: 'userName', value: 'x' }],
      }),
      400,
      'invalidPath',
    );
    const gone = await scim('DELETE', `/Users/${id}`);
    expect(gone.statusCode).toBe(204);
    expect(await membershipOf('cycle@scim.example')).toBeUndefined();
    expectScimError(await scim('GET', `/Users/${id}`), 404);
    // the account stays the person's own
    const account = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(account?.id).toBe(id);
  });

  it("answers 404 for another business's person and for a member it did not provision", async () => {
    const otherAdmin = await signUp(t.app, 'admin@other-scim.example', 'Oz');
    const otherId = await createBusiness(t.app, otherAdmin, 'Other Ltd');
    await proveDomain(t.app, otherAdmin, otherId, 'other-scim.example');
    const otherToken = (await call('POST', `/v1/businesses/${otherId}/scim_token`, otherAdmin)).json()
      .token as string;
    const theirs = await scim('POST', '/Users', user('theirs@other-scim.example'), otherToken);
    expect(theirs.statusCode).toBe(201);
    const theirId = theirs.json().id as string;
    expectScimError(await scim('GET', `/Users/${theirId}`), 404);
    expectScimError(await scim('PATCH', `/Users/${theirId}`, deactivate), 404);
    expectScimError(await scim('DELETE', `/Users/${theirId}`), 404);
    expect(await membershipOf('theirs@other-scim.example')).toBe(otherId);
    const filtered = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "theirs@other-scim.example"')}`,
    );
    expect(filtered.json().totalResults).toBe(0);
    // the admin joined by making the business, not through SCIM
    const adminRow = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@scim.example')
      .executeTakeFirstOrThrow();
    expectScimError(await scim('GET', `/Users/${adminRow.id}`), 404);
    // an account on the domain that belongs to another business is not taken over
    const founder = await signUp(t.app, 'founder@scim.example', 'Fe');
    await createBusiness(t.app, founder, 'Side Ltd');
    expectScimError(await scim('POST', '/Users', user('founder@scim.example')), 409, 'uniqueness');
    expect(
      await t.db.kysely
        .selectFrom('scim_users')
        .select('user_id')
        .where('business_id', '=', businessId)
        .execute(),
    ).not.toContainEqual(
      expect.objectContaining({
        user_id: (
          await t.db.kysely
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'founder@scim.example')
            .executeTakeFirstOrThrow()
        ).id,
      }),
    );
  });

  it('refuses a person when every seat is taken, and takes the new account back', async () => {
    // the trial's 5 seats: the admin and the people provisioned so far, then more until full
    let n = 0;
    while ((await seats()) < 5)
      expect((await scim('POST', '/Users', user(`fill${n++}@scim.example`))).statusCode).toBe(201);
    const full = await scim('POST', '/Users', user('one-too-many@scim.example'));
    expectScimError(full, 409);
    expect(full.json().detail).toMatch(/seat/i);
    const live = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'one-too-many@scim.example')
      .execute();
    expect(live).toEqual([]);
    const list = await scim('GET', '/Users?startIndex=2&count=2');
    expect(list.json()).toMatchObject({ startIndex: 2, itemsPerPage: 2 });
    // everyone provisioned but the admin, who made the business
    expect(list.json().totalResults).toBe(4);
  });

  it('stops answering a rotated or revoked token', async () => {
    const old = token;
    token = (await call('POST', `/v1/businesses/${businessId}/scim_token`, admin)).json().token as string;
    expectScimError(await scim('GET', '/Users', undefined, old), 401);
    expect((await scim('GET', '/Users')).statusCode).toBe(200);
    expect(
      (await call('GET', `/v1/businesses/${businessId}/scim_token`, admin)).json().scim_token.last_used_at,
    ).not.toBeNull();
    await call('DELETE', `/v1/businesses/${businessId}/scim_token`, admin);
    expectScimError(await scim('GET', '/Users'), 401);
  });
});
