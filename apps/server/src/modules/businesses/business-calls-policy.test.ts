// Every business call over HTTP, against every kind of caller, on SQLite and PostgreSQL: the
// admin of the business, one of its members, an individual user, an admin and a member of another
// business, and nobody signed in. What each gets is a hand-written table (spec 6: business calls
// are the admins'; another business's ids answer 404 and leak nothing). The refused calls change
// nothing; the admin's then succeed one after the other.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessEndpoints } from '@countersign/contract';
import { signUp } from '../../test-support/accounts.js';
import { startTestDnsServer, type TestDnsServer } from '../../test-support/dns-server.js';
import { jsonCaller, uploadLogo } from '../../test-support/business.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

type EndpointName = keyof typeof businessEndpoints;
type Outcome = 'ok' | '401' | '403' | '404';

// Calls on one business, in the order the admin makes them (each leaves the next something to do).
// Not here: GET /v2/businesses/user and POST /v2/businesses name no business; the logo is public
// by its content hash, and the link holder's public information is checked below.
const TABLE = `
call                     admin member user foreign_admin foreign_member nobody
getBusiness              ok    ok     404  404           404            401
updateBusiness           ok    403    404  404           404            401
getBusinessSettings      ok    403    404  404           404            401
updateBusinessSettings   ok    403    404  404           404            401
uploadBusinessLogo       ok    403    404  404           404            401
getPublicInformation     ok    ok     404  404           404            401
listBusinessAdmins       ok    403    404  404           404            401
changeToAdmins           ok    403    404  404           404            401
changeToMembers          ok    403    404  404           404            401
listBusinessMembers      ok    403    404  404           404            401
inviteBusinessMembers    ok    403    404  404           404            401
removeBusinessMembers    ok    403    404  404           404            401
listBusinessInvitations  ok    403    404  404           404            401
deleteBusinessInvitation ok    403    404  404           404            401
addBusinessDomain        ok    403    404  404           404            401
deleteBusinessDomain     ok    403    404  404           404            401
deleteBusiness           ok    403    404  404           404            401
revokeBusinessDeletion   ok    403    404  404           404            401
`;
const NOT_IN_TABLE: EndpointName[] = [
  'getUserBusiness',
  'createBusiness',
  'getBusinessLogo',
  'directGetPublicInformation',
  // answered to whoever holds an open invitation's id and address, never by role (ADR 090)
  'getInvitationPreview',
];
const CODES: Record<Exclude<Outcome, 'ok'>, string> = {
  '401': 'auth.required',
  '403': 'business.forbidden',
  '404': 'business.not_found',
};

const rows = TABLE.trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/));
const CALLERS = rows[0]!.slice(1);
const CALLS = rows.slice(1).map(([name, ...cells]) => ({
  name: name as EndpointName,
  expected: Object.fromEntries(CALLERS.map((caller, i) => [caller, cells[i] as Outcome])),
}));

describe.each(testDatabases())('every business call by every caller on %s', (kind) => {
  let t: TestApp;
  let dns: TestDnsServer;
  const tokens: Record<string, string | undefined> = {};
  let businessId: string;
  let memberId: string;
  let leavingId: string;
  let inviteId: string;
  let logo: Buffer;

  const send = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);
  const idOf = async (token: string) => (await send('GET', '/v1/user', token)).json().id as string;

  /** One call as the given caller, with a body the admin's call would succeed with. */
  function callAs(name: EndpointName, token: string | undefined) {
    const endpoint = businessEndpoints[name];
    const url = endpoint.path
      .replace('{id}', businessId)
      .replace('{inviteId}', inviteId)
      .replace('{domain}', 'beta.example');
    if (name === 'uploadBusinessLogo') return uploadLogo(t.app, businessId, token, logo);
    const bodies: Partial<Record<EndpointName, unknown>> = {
      updateBusiness: { name: 'Beta Renamed', phone: '079 123 4567' },
      updateBusinessSettings: { user_pilot: { enabled: true } },
      changeToAdmins: { user_ids: [memberId] },
      changeToMembers: { user_ids: [memberId] },
      removeBusinessMembers: { user_ids: [leavingId] },
      inviteBusinessMembers: { users: [{ email: 'newcomer@beta.example', lang: 'it' }] },
      addBusinessDomain: { domain: 'beta.example' },
    };
    return send(endpoint.method, url, token, bodies[name]);
  }

  /** What the admin sees of the business: unchanged by every refused call. */
  async function snapshot() {
    const admin = tokens['admin'];
    const get = async (url: string) => (await send('GET', url, admin)).json();
    return {
      business: await get(`/v1/businesses/${businessId}`),
      settings: await get(`/v1/businesses/${businessId}/settings`),
      admins: await get(`/v1/businesses/${businessId}/admins?size=100`),
      members: await get(`/v1/businesses/${businessId}/members?size=100`),
      invitations: await get(`/v2/businesses/${businessId}/invitations?size=100`),
    };
  }

  beforeAll(async () => {
    dns = await startTestDnsServer();
    t = await createTestApp(kind, { env: { DNS_RESOLVER: dns.address } });
    logo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    tokens['admin'] = await signUp(t.app, 'admin@beta.example', 'Ada');
    tokens['member'] = await signUp(t.app, 'member@beta.example', 'Max');
    const leaving = await signUp(t.app, 'leaving@beta.example', 'Lea');
    tokens['user'] = await signUp(t.app, 'solo@elsewhere.example', 'Solo');
    tokens['foreign_admin'] = await signUp(t.app, 'admin@gamma.example', 'Gil');
    tokens['foreign_member'] = await signUp(t.app, 'member@gamma.example', 'Gus');
    tokens['nobody'] = undefined;

    const register = async (token: string, name: string) =>
      (await send('POST', '/v2/businesses', token, { name, accept_gtc: true, accept_dpa: true })).json()
        .id as string;
    const join = async (id: string, admin: string, invitees: [string, string][]) => {
      await send('POST', `/v1/businesses/${id}/members`, admin, {
        users: invitees.map(([email]) => ({ email })),
      });
      for (const [, token] of invitees) {
        expect((await send('POST', '/v1/user/accept', token, { business_invite: true })).statusCode).toBe(
          200,
        );
      }
    };
    businessId = await register(tokens['admin'], 'Beta');
    await join(businessId, tokens['admin'], [
      ['member@beta.example', tokens['member']],
      ['leaving@beta.example', leaving],
    ]);
    const gamma = await register(tokens['foreign_admin'], 'Gamma');
    await join(gamma, tokens['foreign_admin'], [['member@gamma.example', tokens['foreign_member']]]);
    memberId = await idOf(tokens['member']);
    leavingId = await idOf(leaving);
    inviteId = (
      await send('POST', `/v1/businesses/${businessId}/members`, tokens['admin'], {
        users: [{ email: 'pending@beta.example' }],
      })
    ).json().invitations[0].id;
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  it('has a row for every call that names a business', () => {
    expect(new Set([...CALLS.map((c) => c.name), ...NOT_IN_TABLE])).toEqual(
      new Set(Object.keys(businessEndpoints)),
    );
    expect(CALLS).toHaveLength(Object.keys(businessEndpoints).length - NOT_IN_TABLE.length);
  });

  it('refuses every caller but the admin what the table says, and changes nothing', async () => {
    const before = await snapshot();
    const answers: string[] = [];
    const expected: string[] = [];
    for (const caller of CALLERS.filter((c) => c !== 'admin')) {
      for (const call of CALLS) {
        const res = await callAs(call.name, tokens[caller]);
        const outcome = call.expected[caller]!;
        answers.push(
          `${call.name} by ${caller}: ${res.statusCode} ${res.statusCode < 300 ? '' : res.json().code}`,
        );
        expected.push(
          `${call.name} by ${caller}: ${outcome === 'ok' ? 200 : outcome} ${outcome === 'ok' ? '' : CODES[outcome]}`,
        );
      }
    }
    expect(answers).toEqual(expected);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the admin make every call, one after the other', async () => {
    const answers: string[] = [];
    for (const call of CALLS) {
      const res = await callAs(call.name, tokens['admin']);
      answers.push(`${call.name}: ${res.statusCode < 300 ? 'ok' : `${res.statusCode} ${res.body}`}`);
    }
    expect(answers).toEqual(CALLS.map((c) => `${c.name}: ok`));
    const business = (await send('GET', `/v1/businesses/${businessId}`, tokens['admin'])).json();
    expect(business).toMatchObject({
      name: 'Beta Renamed',
      phone: '079 123 4567',
      deletion_due_at: null,
      counts: { admins: 1, members: 1, invited_members: 1 },
      domains: [],
    });
    // the guidance tool's setting reaches the business's people with their user (spec 6)
    expect((await send('GET', '/v1/user', tokens['member'])).json().business.user_pilot_enabled).toBe(true);
  });

  it('answers each person their own business, or none', async () => {
    const of = async (caller: string) =>
      (await send('GET', '/v2/businesses/user', tokens[caller])).json().business?.name ?? null;
    expect([await of('admin'), await of('member'), await of('user'), await of('foreign_member')]).toEqual([
      'Beta Renamed',
      'Beta Renamed',
      null,
      'Gamma',
    ]);
    expect((await send('GET', '/v2/businesses/user', undefined)).statusCode).toBe(401);
    const second = await send('POST', '/v2/businesses', tokens['member'], {
      name: 'Second',
      accept_gtc: true,
      accept_dpa: true,
    });
    expect([second.statusCode, second.json().code]).toEqual([409, 'business.already_member']);
  });

  it('serves the logo to anyone by its content address, and nothing under another name', async () => {
    const url = (await send('GET', `/v1/businesses/${businessId}/settings`, tokens['admin'])).json().settings
      .company_branding.logo.url as string;
    expect((await send('GET', new URL(url).pathname, undefined)).statusCode).toBe(200);
    const other = await send('GET', `/v1/business-logos/${'0'.repeat(64)}.png`, undefined);
    expect([other.statusCode, other.json().code]).toEqual([404, 'business.logo_not_found']);
  });
});
