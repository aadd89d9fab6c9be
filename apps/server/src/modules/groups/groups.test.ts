// Signer groups over HTTP on SQLite and PostgreSQL: an admin keeps the business's groups within
// its limits (max_groups, max_participants, one group per name), its members read them, another
// business and individual users see none of them, and a person's groupInfo lists the groups
// whose members include their address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('signer groups on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let otherAdmin: string;
  let individual: string;
  let businessId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);

  async function newBusiness(token: string, name: string): Promise<string> {
    const created = await call('POST', '/v2/businesses', token, { name, accept_gtc: true, accept_dpa: true });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'admin@groups.example', 'Ada');
    member = await signUp(t.app, 'member@groups.example', 'Mo');
    otherAdmin = await signUp(t.app, 'admin@other.example', 'Olga');
    individual = await signUp(t.app, 'solo@groups.example', 'Sol');
    businessId = await newBusiness(admin, 'Groups');
    await newBusiness(otherAdmin, 'Other');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'member@groups.example' }],
    });
    expect((await call('POST', '/v1/user/accept', member, { business_invite: true })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets an admin create, read, rename, refill and delete a group', async () => {
    const created = await call('POST', '/v3/groups', admin, {
      name: 'Board',
      members: ['Anna@Board.example', 'ben@board.example', 'anna@board.example'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({
      name: 'Board',
      members: ['anna@board.example', 'ben@board.example'],
      allowed_actions: ['view', 'update', 'delete'],
    });

    const changed = await call('PUT', `/v3/groups/${group.id}`, admin, {
      name: 'Directors',
      members: ['carl@board.example'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', `/v3/groups/${group.id}`, admin)).json()).toMatchObject({
      name: 'Directors',
      members: ['carl@board.example'],
    });

    expect((await call('DELETE', `/v1/groups/${group.id}`, admin)).json()).toEqual({ ok: true });
    expect((await call('GET', `/v3/groups/${group.id}`, admin)).json().code).toBe('group.not_found');
  });

  it("lets members read the business's groups but not change them", async () => {
    const group = (
      await call('POST', '/v3/groups', admin, { name: 'Readers', members: ['r@x.example'] })
    ).json();
    const list = (await call('GET', '/v3/groups', member)).json();
    expect(list.items.map((g: { name: string }) => g.name)).toContain('Readers');
    expect(list.can_create).toBe(false);
    expect((await call('GET', `/v3/groups/${group.id}`, member)).json().allowed_actions).toEqual(['view']);

    const refused = await call('PUT', `/v3/groups/${group.id}`, member, { name: 'Mine' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'group.forbidden']);
    expect(
      (await call('POST', '/v3/groups', member, { name: 'X', members: ['x@x.example'] })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/v1/groups/${group.id}`, member)).statusCode).toBe(403);
    await call('DELETE', `/v1/groups/${group.id}`, admin);
  });

  it('shows another business and individual users nothing of the groups', async () => {
    const group = (
      await call('POST', '/v3/groups', admin, { name: 'Private', members: ['p@x.example'] })
    ).json();
    for (const token of [otherAdmin, individual]) {
      for (const [method, url, body] of [
        ['GET', `/v3/groups/${group.id}`, undefined],
        ['PUT', `/v3/groups/${group.id}`, { name: 'Taken' }],
        ['DELETE', `/v1/groups/${group.id}`, undefined],
      ] as const) {
        const answer = await call(method, url, token, body);
        expect([answer.statusCode, answer.json().code], `${method} ${url}`).toEqual([404, 'group.not_found']);
      }
      const names = (await call('GET', '/v3/groups', token))
        .json()
        .items.map((g: { name: string }) => g.name);
      expect(names).not.toContain('Private');
    }
    expect((await call('GET', '/v3/groups', individual)).json()).toMatchObject({
      items: [],
      total: 0,
      limits: { max_groups: 0, max_participants: 0 },
      can_create: false,
    });
    expect(
      (await call('POST', '/v3/groups', individual, { name: 'S', members: ['s@x.example'] })).statusCode,
    ).toBe(403);
    expect((await call('GET', '/v3/groups', undefined)).statusCode).toBe(401);
    await call('DELETE', `/v1/groups/${group.id}`, admin);
  });

  it('keeps to the limits of the settings and to one group per name', async () => {
    const settings = await call('PUT', `/v1/businesses/${businessId}/settings`, admin, {
      signer_groups: { max_groups: 2, max_participants: 3 },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const tooMany = await call('POST', '/v3/groups', admin, {
      name: 'Big',
      members: ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'],
    });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([422, 'group.too_many_members']);

    const first = (await call('POST', '/v3/groups', admin, { name: 'One', members: ['a@x.example'] })).json();
    const twin = await call('POST', '/v3/groups', admin, { name: 'ONE', members: ['b@x.example'] });
    expect([twin.statusCode, twin.json().code]).toEqual([409, 'group.name_taken']);
    await call('POST', '/v3/groups', admin, { name: 'Two', members: ['b@x.example'] });
    const third = await call('POST', '/v3/groups', admin, { name: 'Three', members: ['c@x.example'] });
    expect([third.statusCode, third.json().code]).toEqual([409, 'group.limit_reached']);
    expect((await call('GET', '/v3/groups', admin)).json()).toMatchObject({ total: 2, can_create: false });

    const grown = await call('PUT', `/v3/groups/${first.id}`, admin, {
      members: ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'],
    });
    expect([grown.statusCode, grown.json().code]).toEqual([422, 'group.too_many_members']);
    const renamed = await call('PUT', `/v3/groups/${first.id}`, admin, { name: 'two' });
    expect([renamed.statusCode, renamed.json().code]).toEqual([409, 'group.name_taken']);

    const bad = await call('POST', '/v3/groups', admin, { name: ' ', members: [] });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'request.validation_failed']);
  });

  it("lists in groupInfo the groups a person's address belongs to", async () => {
    const before = (await call('GET', '/v1/user', individual)).json().group_info;
    const group = (
      await call('POST', '/v3/groups', otherAdmin, { name: 'Signers', members: ['solo@groups.example'] })
    ).json();
    const after = (await call('GET', '/v1/user', individual)).json().group_info;
    expect(after.groups).toEqual([...before.groups, group.id]);
    expect(after.group_versions[group.id]).toBe(Date.parse(group.updated_at));
  });
});
