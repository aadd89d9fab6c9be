// The signer group policy as a table: every action against every kind of caller, for a group of
// business B, with the answer each refusal gives (404 for anyone outside B, 403 inside it).
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { policyCallers } from '../../test-support/principals.js';
import { GROUP_ACTIONS, allowedGroupActions, authorizeGroups, type GroupAction } from './policy.js';

const CALLERS = policyCallers();

const TABLE = `
action  admin member foreign_admin foreign_member user link_holder api_user foreign_api_user nobody
list    ok    ok     404           404            404  404         ok       404              404
create  ok    403    404           404            404  404         403      404              404
view    ok    ok     404           404            404  404         ok       404              404
update  ok    403    404           404            404  404         403      404              404
delete  ok    403    404           404            404  404         403      404              404
`;

function outcome(principal: Principal | undefined, action: GroupAction): string {
  try {
    authorizeGroups(principal, action, { businessId: 'B' });
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { 'group.forbidden': '403', 'group.not_found': '404' }[err.code as string] ?? err.code;
  }
}

describe('the signer group policy', () => {
  const [header, ...rows] = TABLE.trim().split('\n');
  const callers = header!.trim().split(/\s+/).slice(1);
  const cells = rows.flatMap((row) => {
    const [action, ...answers] = row.trim().split(/\s+/);
    return callers.map((caller, i) => ({ action: action as GroupAction, caller, expected: answers[i]! }));
  });

  it('has a row for every action and a column for every caller', () => {
    expect(rows.map((r) => r.trim().split(/\s+/)[0])).toEqual([...GROUP_ACTIONS]);
    expect(callers).toEqual(Object.keys(CALLERS));
  });

  it.each(cells)('$action by $caller: $expected', ({ action, caller, expected }) => {
    expect(outcome(CALLERS[caller], action)).toBe(expected);
  });

  it('tells the UI what each caller may do with a group', () => {
    expect(allowedGroupActions(CALLERS['admin'], { businessId: 'B' })).toEqual(['view', 'update', 'delete']);
    expect(allowedGroupActions(CALLERS['member'], { businessId: 'B' })).toEqual(['view']);
    expect(allowedGroupActions(CALLERS['foreign_admin'], { businessId: 'B' })).toEqual([]);
  });
});
