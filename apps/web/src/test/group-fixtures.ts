// Signer groups behind a mocked API, for the console's and the request editor's component tests:
// the handlers keep their state and refuse what the server refuses (a name the business uses).
import { snakeKeys } from '@countersign/contract';
import type { SignerGroup } from '@countersign/contract';
import { problem } from './business-fixtures.js';
import { jsonResponse } from './fixtures.js';
import type { ApiHandler } from './render-app.js';

const ok = (body: unknown, status = 200) => jsonResponse(status, snakeKeys(body));

/** Handlers of the signer group calls over `groups` (ids `grp_1`, `grp_2`, ... in the order made). */
export function groupApi(groups: SignerGroup[], limits = { maxGroups: 2, maxParticipants: 3 }) {
  let made = groups.length;
  const answerPage = () =>
    ok({
      items: groups,
      page: 1,
      size: 25,
      total: groups.length,
      limits,
      canCreate: groups.length < limits.maxGroups,
    });
  const handlers: Record<string, ApiHandler> = {
    'GET /v3/groups': answerPage,
    'POST /v3/groups': ({ body }) => {
      const { name, members } = body as { name: string; members: string[] };
      if (groups.some((group) => group.name === name)) return problem(409, 'group.name_taken');
      const group: SignerGroup = {
        id: `grp_${++made}`,
        name,
        members,
        createdAt: '2026-01-07T09:00:00.000Z',
        updatedAt: '2026-01-07T09:00:00.000Z',
        allowedActions: ['view', 'update', 'delete'],
      };
      groups.push(group);
      return ok(group, 201);
    },
  };
  for (let index = 1; index <= 5; index++) {
    const id = `grp_${index}`;
    const find = () => groups.find((group) => group.id === id);
    handlers[`PUT /v3/groups/${id}`] = ({ body }) => {
      const group = find();
      if (!group) return problem(404, 'group.not_found');
      Object.assign(group, body as Partial<SignerGroup>);
      return ok(group);
    };
    handlers[`DELETE /v1/groups/${id}`] = () => {
      const group = find();
      if (!group) return problem(404, 'group.not_found');
      groups.splice(groups.indexOf(group), 1);
      return ok({ ok: true });
    };
  }
  return handlers;
}

export function makeGroup(id: string, name: string, members: string[]): SignerGroup {
  return {
    id,
    name,
    members,
    createdAt: '2026-01-06T09:00:00.000Z',
    updatedAt: '2026-01-06T09:00:00.000Z',
    allowedActions: ['view', 'update', 'delete'],
  };
}
