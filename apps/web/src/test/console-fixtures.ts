// Seals and API users of a fake business behind a mocked API, for the console's component tests:
// the handlers keep their state, answer in snake_case as the server does, and refuse what it
// refuses (a taken account name, an unknown seal, someone not of the business on a seal).
import { snakeKeys } from '@countersign/contract';
import type { ApiUser, SealDetail } from '@countersign/contract';
import { problem } from './business-fixtures.js';
import type { FakeBusiness } from './business-fixtures.js';
import { jsonResponse } from './fixtures.js';
import type { ApiHandler } from './render-app.js';

const ok = (body: unknown, status = 200) => jsonResponse(status, snakeKeys(body));

export function makeSeal(name: string, label: string): SealDetail {
  return {
    name,
    label,
    quality: 'aes',
    nApi: 0,
    nMembers: 0,
    hasImage: false,
    createdAt: '2026-01-06T09:00:00.000Z',
    members: [],
    apiUsers: [],
    certificate: {
      subject: `CN=${label}, O=Acme, C=CH`,
      issuer: 'CN=Countersign Seal CA, O=Countersign',
      serialNumber: '0a1b2c',
      notBefore: '2026-01-06T09:00:00.000Z',
      notAfter: '2028-01-06T09:00:00.000Z',
    },
  };
}

/** An API user of the business, the `index`th made (its user name says which). */
export function makeApiUser(index: number, description: string): ApiUser {
  const username = `api_${String(index).padStart(20, '0')}`;
  return {
    username,
    description,
    createdAt: '2026-01-07T09:00:00.000Z',
    secretSetAt: '2026-01-07T09:00:00.000Z',
    signerEmail: `${username}@api-users.invalid`,
  };
}

/**
 * Handlers of the seal calls of `b`, over the seals given (changed in place). The members calls
 * take people by account id and the business's API users (`apiUsers`) by user name, as the
 * server does.
 */
export function sealApi(
  b: FakeBusiness,
  seals: SealDetail[],
  apiUsers: ApiUser[] = [],
): Record<string, ApiHandler> {
  const base = `/v1/businesses/${b.id}/seals`;
  const summary = ({
    members: _members,
    apiUsers: _apiUsers,
    certificate: _certificate,
    ...seal
  }: SealDetail) => seal;
  const handlers: Record<string, ApiHandler> = {
    [`GET ${base}`]: () => ok({ seals: seals.map(summary) }),
    [`POST ${base}`]: ({ body }) => {
      const { name, label } = body as { name: string; label: string };
      if (seals.some((seal) => seal.name === name)) return problem(409, 'seal.name_taken');
      const seal = makeSeal(name, label);
      seals.push(seal);
      return ok(seal, 201);
    },
  };
  const recount = (seal: SealDetail) => {
    seal.nMembers = seal.members.length;
    seal.nApi = seal.apiUsers.length;
    return ok(seal);
  };
  for (const seal of seals) {
    const path = `${base}/${seal.name}`;
    handlers[`GET ${path}`] = () => ok(seal);
    handlers[`PUT ${path}`] = ({ body }) => {
      seal.label = (body as { label: string }).label;
      return ok(seal);
    };
    handlers[`GET ${path}/image`] = () =>
      new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
    handlers[`POST ${path}/image`] = () => {
      seal.hasImage = true;
      return ok(seal);
    };
    handlers[`DELETE ${path}/image`] = () => {
      seal.hasImage = false;
      return ok(seal);
    };
    handlers[`POST ${path}/members`] = ({ body }) => {
      const ids = (body as { members: string[] }).members;
      const people = b.people.filter((p) => ids.includes(p.userId));
      const users = apiUsers.filter((u) => ids.includes(u.username));
      if (people.length + users.length !== new Set(ids).size)
        return problem(404, 'business.member_not_found');
      for (const { role: _role, joinedAt: _joinedAt, ...member } of people) {
        if (!seal.members.some((m) => m.userId === member.userId)) seal.members.push(member);
      }
      for (const { username, description } of users) {
        if (!seal.apiUsers.some((u) => u.username === username))
          seal.apiUsers.push({ username, description });
      }
      return recount(seal);
    };
    handlers[`DELETE ${path}/members`] = ({ body }) => {
      const ids = (body as { members: string[] }).members;
      seal.members = seal.members.filter((m) => !ids.includes(m.userId));
      seal.apiUsers = seal.apiUsers.filter((u) => !ids.includes(u.username));
      return recount(seal);
    };
  }
  return handlers;
}

/** Handlers of the API user calls of `b`: secrets are `secret-1`, `secret-2`, ... in the order made. */
export function apiUserApi(b: FakeBusiness, users: ApiUser[]): Record<string, ApiHandler> {
  const base = `/v1/businesses/${b.id}/apis`;
  let made = 0;
  const withSecret = (apiUser: ApiUser) => ok({ apiUser, secret: `secret-${++made}` });
  const handlers: Record<string, ApiHandler> = {
    [`GET ${base}`]: () => ok({ apiUsers: users }),
    [`POST ${base}`]: ({ body }) => {
      const user = makeApiUser(users.length + 1, (body as { description: string }).description);
      users.push(user);
      const answer = withSecret(user);
      return new Response(answer.body, { status: 201, headers: answer.headers });
    },
  };
  // the routes of API users that exist or will (usernames are predictable here)
  for (let index = 1; index <= 5; index++) {
    const username = `api_${String(index).padStart(20, '0')}`;
    const find = () => users.find((user) => user.username === username);
    const path = `${base}/${username}`;
    handlers[`PUT ${path}`] = ({ body }) => {
      const user = find();
      if (!user) return problem(404, 'api_user.not_found');
      user.description = (body as { description: string }).description;
      return ok(user);
    };
    handlers[`PUT ${path}/reset`] = () => {
      const user = find();
      if (!user) return problem(404, 'api_user.not_found');
      user.secretSetAt = '2026-01-08T09:00:00.000Z';
      return withSecret(user);
    };
    handlers[`DELETE ${path}`] = () => {
      if (!find()) return problem(404, 'api_user.not_found');
      users.splice(users.indexOf(find()!), 1);
      return ok({ ok: true });
    };
  }
  return handlers;
}
