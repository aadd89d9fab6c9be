// Which API users may apply a seal, on SQLite and PostgreSQL (ADR 061: seals by assignment). The
// seal's detail lists the API users assigned to it (`api_users`, by user name and description)
// beside its people (`members`). An API user is on no seal when it is created, even when the
// business has seals already, and a new seal has no API user on it: it applies a seal only once an
// admin assigns it by its user name, and no longer once unassigned or deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import {
  createApiUser,
  createBusiness,
  jsonCaller,
  verifyOrganisation,
  type TestApiUser,
} from '../../test-support/business.js';
import { CONSENT } from '../../test-support/consent.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';
import { createTestApp, createTestClock, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('the API users of a seal on %s', (kind) => {
  let t: TestApp;
  // today's time, moved on by hand: assignments made in turn are apart in time
  const clock = createTestClock(new Date());
  let admin: string;
  let businessId: string;
  let memberId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const basic = (api: TestApiUser) => ({
    authorization: `Basic ${Buffer.from(`${api.username}:${api.secret}`).toString('base64')}`,
  });
  const seals = () => `/v1/businesses/${businessId}/seals`;

  /** The API user sends itself a request and tries to apply the seal in its own slot. */
  async function sealAs(api: TestApiUser, seal: string) {
    const pdf = await generatedPdf(1, `Invoice for ${seal}`);
    const { id } = await sendRequest(t.app, basic(api), pdf, [api.signerEmail], 'Invoice');
    return t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: basic(api),
      payload: {
        consent: CONSENT,
        signature_requests: [{ signature_request_id: id }],
        seal_account_name: seal,
      },
    });
  }
  const detail = async (seal: string) => (await call('GET', `${seals()}/${seal}`, admin)).json();
  const listedApiUsers = async (seal: string) => (await detail(seal)).api_users as unknown[];
  const counted = async (seal: string) =>
    (await call('GET', seals(), admin)).json().seals.find((s: { name: string }) => s.name === seal)
      .n_api as number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = await signUp(t.app, 'admin@acme.example', 'Ada');
    businessId = await createBusiness(t.app, admin, 'Acme Invoicing AG');
    await verifyOrganisation(t, businessId, admin);
    const member = await signUp(t.app, 'member@acme.example', 'Mo');
    await call('POST', `/v1/businesses/${businessId}/members`, admin, {
      users: [{ email: 'member@acme.example' }],
    });
    memberId = (await call('POST', '/v1/user/accept', member, { business_invite: true })).json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts a new API user on no seal, and lists it beside the people once an admin assigns it', async () => {
    const created = await call('POST', seals(), admin, { name: 'invoices', label: 'Acme Invoices' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ n_api: 0, api_users: [] });

    // created after the seal, the API user may not apply it: nobody assigned it
    const erp = await createApiUser(t.app, admin, businessId, 'ERP invoices');
    expect(await listedApiUsers('invoices')).toEqual([]);
    expect(await counted('invoices')).toBe(0);
    const refused = await sealAs(erp, 'invoices');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'seal.forbidden']);

    // one call assigns a person by account id and an API user by user name; each has its list
    const assigned = await call('POST', `${seals()}/invoices/members`, admin, {
      members: [memberId, erp.username],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      n_members: 1,
      n_api: 1,
      members: [{ user_id: memberId, email: 'member@acme.example' }],
      api_users: [{ username: erp.username, description: 'ERP invoices' }],
    });
    expect(await detail('invoices')).toEqual(assigned.json());
    expect(await counted('invoices')).toBe(1);
    const sealed = await sealAs(erp, 'invoices');
    expect(sealed.statusCode, sealed.body).toBe(200);

    // a seal made when the business has API users starts without them as well
    const receipts = await call('POST', seals(), admin, { name: 'receipts', label: 'Acme Receipts' });
    expect(receipts.json()).toMatchObject({ n_api: 0, api_users: [] });
    expect((await sealAs(erp, 'receipts')).json().code).toBe('seal.forbidden');
  });

  it('lists API users in the order assigned, with their current description, until unassigned or deleted', async () => {
    await call('POST', seals(), admin, { name: 'orders', label: 'Acme Orders' });
    const shop = await createApiUser(t.app, admin, businessId, 'Web shop');
    const stock = await createApiUser(t.app, admin, businessId, 'Stock');
    await call('POST', `${seals()}/orders/members`, admin, { members: [stock.username] });
    clock.advance(1000);
    await call('POST', `${seals()}/orders/members`, admin, { members: [shop.username, stock.username] });
    expect(await listedApiUsers('orders')).toEqual([
      { username: stock.username, description: 'Stock' },
      { username: shop.username, description: 'Web shop' },
    ]);

    await call('PUT', `/v1/businesses/${businessId}/apis/${shop.username}`, admin, {
      description: 'Web shop (new)',
    });
    expect(await listedApiUsers('orders')).toContainEqual({
      username: shop.username,
      description: 'Web shop (new)',
    });

    const removed = await call('DELETE', `${seals()}/orders/members`, admin, { members: [stock.username] });
    expect(removed.json()).toMatchObject({
      n_api: 1,
      api_users: [{ username: shop.username, description: 'Web shop (new)' }],
    });
    expect((await sealAs(stock, 'orders')).json().code).toBe('seal.forbidden');

    const deleted = await call('DELETE', `/v1/businesses/${businessId}/apis/${shop.username}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await detail('orders')).toMatchObject({ n_api: 0, api_users: [] });
    expect(await counted('orders')).toBe(0);
  });

  it("refuses another business's API user, and assigns nobody from that call", async () => {
    const rival = await signUp(t.app, 'admin@rival.example', 'Rita');
    const foreign = await createApiUser(
      t.app,
      rival,
      await createBusiness(t.app, rival, 'Rival GmbH'),
      'Rival ERP',
    );
    const own = await createApiUser(t.app, admin, businessId, 'Ledger');
    await call('POST', seals(), admin, { name: 'ledger', label: 'Acme Ledger' });
    const refused = await call('POST', `${seals()}/ledger/members`, admin, {
      members: [own.username, foreign.username],
    });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'business.member_not_found']);
    expect(await detail('ledger')).toMatchObject({ n_api: 0, api_users: [] });
  });
});
