// The authorization matrix, on SQLite and PostgreSQL: every endpoint of the contract, called with
// business A's ids in its path by every kind of principal. Foreign principals (business B's admin,
// member and API user, the link holder of another request, nobody, junk credentials) are refused
// as their kind of credentials and the call's auth say, 404 on A's things, never 5xx, and no
// answer shows them any of A's data (its texts all hold a canary); the operator API (ADR 062)
// refuses them all 401. B's admin and API user also call every endpoint of B's own business (its
// id, its seal) with A's people, API users and invitations in the path or body: each is refused
// 4xx and A's people, roles, invitations, API users, seal and vouched names stay as they were.
// A's own principals and the installation's operator get what
// `authorization-matrix.expected.ts` says, so a change in who may do what shows in review:
// AUTHZ_MATRIX_WRITE=1 writes the table from a run, to be read against spec sections 4 and 6 and
// the policies before it is checked in. The matrix reads the contract, so a new endpoint is in
// it without a test of its own; one whose parameters the fixtures cannot fill fails it.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint, type EndpointName } from '@countersign/contract';
import {
  FOREIGN,
  OPERATOR_TOKEN,
  TABLED,
  callOf,
  fixtureGaps,
  prepareCall,
  sentText,
  type TabledPrincipal,
} from '../test-support/authorization/calls.js';
import { idsOfA, judgeForeign, outcomeOf } from '../test-support/authorization/judge.js';
import { afterSuccessOn } from '../test-support/authorization/renew.js';
import { CANARY, OWNER_PRIVATE, buildWorld, type World } from '../test-support/authorization/world.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import { EXPECTED } from './authorization-matrix.expected.js';

const ALL = Object.entries(endpoints) as [EndpointName, Endpoint][];
/** Reads first, then changes, deletions last; the least entitled principal first. */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ORDERED = [...ALL].sort(
  ([, x], [, y]) => METHOD_ORDER.indexOf(x.method) - METHOD_ORDER.indexOf(y.method),
);
/** The operator last: on its own API it is the most entitled, elsewhere it gets nothing. */
const SAME_ORDER: TabledPrincipal[] = ['api_user', 'link_holder', 'member', 'admin', 'owner', 'operator'];

describe('the authorization matrix', () => {
  it('can fill in every endpoint of the contract', () => {
    expect(ALL.flatMap(([name, endpoint]) => fixtureGaps(name, endpoint))).toEqual([]);
  });
});

describe.each(testDatabases())('the authorization matrix on %s', (kind) => {
  let t: TestApp;
  let w: World;
  let afterSuccess: ReturnType<typeof afterSuccessOn>;

  beforeAll(async () => {
    // the API users make every call of the contract within a minute; the operator API is there
    t = await createTestApp(kind, {
      env: { API_USER_CALLS_PER_MINUTE: '100000', OPERATOR_API_TOKEN: OPERATOR_TOKEN },
    });
    w = await buildWorld(t);
    afterSuccess = afterSuccessOn(t, w);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it("refuses every foreign principal A's things and shows it none of A's data", async () => {
    const problems: string[] = [];
    for (const [name, endpoint] of ORDERED) {
      for (const principal of FOREIGN) {
        const call = await prepareCall(w, name, endpoint, principal);
        const sent = sentText(call);
        const targetsA = idsOfA(w).some((id) => sent.includes(id));
        const res = await callOf(t.app, call);
        for (const problem of judgeForeign(name, endpoint, principal, res, targetsA)) {
          problems.push(`${call.label}: ${problem}`);
        }
        if (res.statusCode < 300) await afterSuccess(name, endpoint, principal);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it("lets B's admin and API user reach none of A's things through B's own business", async () => {
    const stateOfA = async () => {
      const a = `/v1/businesses/${w.a.businessId}`;
      const a2 = `/v2/businesses/${w.a.businessId}`;
      const paged = '?page=1&size=100';
      const urls = [
        `${a}/admins${paged}`,
        `${a}/members${paged}`,
        `${a2}/invitations${paged}`,
        `${a}/apis`,
        `${a}/seals/${w.a.seal}`,
        `${a2}/aes4biz/vouched-names${paged}`,
      ];
      return Promise.all(
        urls.map(async (url) => {
          const res = await t.app.inject({ url, headers: { authorization: `Bearer ${w.a.owner.token}` } });
          return `${url} ${res.statusCode} ${res.body}`;
        }),
      );
    };
    const before = await stateOfA();
    const problems: string[] = [];
    let probes = 0;
    for (const [name, endpoint] of ORDERED) {
      if (!endpoint.path.includes('businesses/{id}')) continue;
      for (const principal of ['b_admin', 'b_api_user'] as const) {
        const call = await prepareCall(w, name, endpoint, principal, 'b');
        // only the calls on B's business that name one of A's things (a person, an API user, an
        // invitation) in their path or body
        if (!idsOfA(w).some((id) => sentText(call).includes(id))) continue;
        probes++;
        const res = await callOf(t.app, call);
        if (res.statusCode < 400 || res.statusCode >= 500) {
          problems.push(`${call.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        if (res.body.includes(CANARY)) problems.push(`${call.label}: shows A's data`);
      }
    }
    expect(probes).toBeGreaterThan(10);
    expect(problems).toEqual([]);
    expect(await stateOfA()).toEqual(before);
    // B's seal names none of A's people or API users
    const sealOfB = await t.app.inject({
      url: `/v1/businesses/${w.b.businessId}/seals/${w.b.seal}`,
      headers: { authorization: `Bearer ${w.b.admin.token}` },
    });
    expect(sealOfB.statusCode).toBe(200);
    expect(idsOfA(w).filter((id) => sealOfB.body.includes(id))).toEqual([]);
  }, 600_000);

  it('gives the principals of A and the operator what the checked-in table says', async () => {
    const outcomes: Record<string, Partial<Record<TabledPrincipal, string>>> = {};
    const failures: string[] = [];
    for (const [name, endpoint] of ORDERED) {
      outcomes[name] = {};
      for (const principal of SAME_ORDER) {
        const call = await prepareCall(w, name, endpoint, principal);
        const res = await callOf(t.app, call);
        outcomes[name]![principal] = outcomeOf(res);
        if (res.statusCode >= 500) failures.push(`${call.label}: ${res.statusCode} ${res.body}`);
        // ADR 035: the business's other people see the business, not the owner's requests
        const seen = OWNER_PRIVATE.find(
          (text) => principal !== 'owner' && principal !== 'link_holder' && res.body.includes(text),
        );
        if (seen) failures.push(`${call.label}: shows the owner's request (${seen})`);
        if (res.statusCode < 300) await afterSuccess(name, endpoint, principal);
      }
    }
    const table = Object.fromEntries(
      ALL.map(([name]) => [name, Object.fromEntries(TABLED.map((p) => [p, outcomes[name]![p] ?? '']))]),
    );
    if (process.env['AUTHZ_MATRIX_WRITE'] && kind === 'sqlite') writeTable(table);
    expect(failures).toEqual([]);
    const unlisted = Object.keys(table).filter((name) => !(name in EXPECTED));
    expect(
      unlisted,
      'not in authorization-matrix.expected.ts: run with AUTHZ_MATRIX_WRITE=1, review',
    ).toEqual([]);
    expect(table).toEqual(EXPECTED);
  }, 600_000);
});

/** Writes the table of A's principals, one line per endpoint, keeping the file's header. */
function writeTable(table: Record<string, Record<string, string>>) {
  const cells = (row: Record<string, string>) =>
    Object.entries(row)
      .map(([principal, outcome]) => `${principal}: '${outcome}'`)
      .join(', ');
  const lines = Object.entries(table).map(([name, row]) => `  ${name}: { ${cells(row)} },`);
  const file = new URL('./authorization-matrix.expected.ts', import.meta.url);
  const head = fs.readFileSync(file, 'utf8').split('// prettier-ignore')[0];
  const type = 'Readonly<Record<string, Readonly<Record<TabledPrincipal, string>>>>';
  fs.writeFileSync(
    file,
    `${head}// prettier-ignore\nexport const EXPECTED: ${type} = {\n${lines.join('\n')}\n};\n`,
  );
}
