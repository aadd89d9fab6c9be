// What a person sees when their business's identity provider deactivates them through SCIM
// (ADR 084), on SQLite and PostgreSQL: the same as an admin's removal (no business, the downgrade
// notice, the business's calls closed to them), and reactivation gives it all back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA } from '@countersign/contract';
import { signUp } from '../../test-support/accounts.js';
import { createBusiness, jsonCaller, proveDomain } from '../../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const setActive = (active: boolean) => ({
  schemas: [SCIM_PATCH_SCHEMA],
  Operations: [{ op: 'Replace', path: 'active', value: active }],
});

describe.each(testDatabases())('SCIM deactivation as the person sees it (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let businessId: string;
  let scimToken: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const scim = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify(body),
    });

  /** A person with a password session, provisioned into the business; their SCIM id. */
  async function provisioned(email: string): Promise<{ session: string; userId: string; scimId: string }> {
    const session = await signUp(t.app, email, 'Pat');
    const made = await scim('POST', '/Users', {
      schemas: [SCIM_USER_SCHEMA],
      userName: email,
      name: { givenName: 'Pat', familyName: 'Person' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const user = (await call('GET', '/v1/user', session)).json();
    expect(user.role).toBe('member');
    return { session, userId: user.id as string, scimId: made.json().id as string };
  }

  /** What the web app reads of the person, and whether the business's pages answer them. */
  async function standingOf(session: string) {
    const user = (await call('GET', '/v1/user', session)).json();
    return {
      role: user.role,
      business: user.business,
      removedFromBusiness: user.attributes.removed_from_business,
      businessInvitation: user.business_invitation,
      businessCall: (await call('GET', `/v1/businesses/${businessId}`, session)).statusCode,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'admin@deprov.example', 'Ada');
    businessId = await createBusiness(t.app, admin, 'Deprovisioned Ltd');
    await proveDomain(t.app, admin, businessId, 'deprov.example');
    scimToken = (await call('POST', `/v1/businesses/${businessId}/scim_token`, admin)).json().token as string;
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves a deactivated person where an admin’s removal leaves a removed one', async () => {
    const removed = await provisioned('removed@deprov.example');
    const deactivated = await provisioned('deactivated@deprov.example');
    const member = await standingOf(deactivated.session);
    expect(member).toMatchObject({ role: 'member', removedFromBusiness: false, businessCall: 200 });

    const removal = await call('POST', `/v1/businesses/${businessId}/remove-members`, admin, {
      user_ids: [removed.userId],
    });
    expect(removal.statusCode, removal.body).toBe(200);
    const off = await scim('PATCH', `/Users/${deactivated.scimId}`, setActive(false));
    expect(off.statusCode, off.body).toBe(200);

    const afterRemoval = await standingOf(removed.session);
    expect(afterRemoval).toMatchObject({ role: 'user', business: null, removedFromBusiness: true });
    expect(afterRemoval.businessCall).toBe(404);
    expect(await standingOf(deactivated.session)).toEqual(afterRemoval);
  });

  it('gives a reactivated person their membership back, without the downgrade notice', async () => {
    const person = await provisioned('again@deprov.example');
    await scim('PATCH', `/Users/${person.scimId}`, setActive(false));
    const on = await scim('PATCH', `/Users/${person.scimId}`, setActive(true));
    expect(on.statusCode, on.body).toBe(200);
    expect(await standingOf(person.session)).toMatchObject({
      role: 'member',
      business: { id: businessId },
      removedFromBusiness: false,
      businessInvitation: null,
      businessCall: 200,
    });
  });
});
