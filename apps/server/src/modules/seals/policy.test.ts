// The seal policy as a table: every action against every kind of caller, for a seal of business B
// the caller is not assigned to and one it is, with the answer each refusal gives (404 for anyone
// outside B, 403 inside it). The management rows say what the business policy's own rows say.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { policyCallers } from '../../test-support/principals.js';
import { BUSINESS_POLICY } from '../businesses/index.js';
import { SEAL_ACTIONS, SEAL_POLICY, authorizeSeal, relationToSeal, type SealAction } from './policy.js';

const CALLERS = policyCallers();

// "+" marks the same caller assigned to the seal
const TABLE = `
action    admin admin+ member member+ foreign_admin foreign_admin+ foreign_member user link_holder api_user api_user+ foreign_api_user nobody
list      ok    ok     ok     ok      404           404            404            404  404         403      403       404              404
list_all  ok    ok     403    403     404           404            404            404  404         403      403       404              404
manage    ok    ok     403    403     404           404            404            404  404         403      403       404              404
apply     403   ok     403    ok      404           404            404            404  404         403      ok        404              404
`;

function outcome(principal: Principal | undefined, action: SealAction, isAssigned: boolean): string {
  try {
    authorizeSeal(principal, action, { businessId: 'B', isAssigned });
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const codes: Record<string, string> = {
      'business.forbidden': '403',
      'business.not_found': '404',
      'seal.forbidden': '403',
      'seal.not_found': '404',
    };
    return codes[err.code] ?? err.code;
  }
}

describe('the seal policy', () => {
  const [header, ...rows] = TABLE.trim().split('\n');
  const columns = header!.trim().split(/\s+/).slice(1);
  const cells = rows.flatMap((row) => {
    const [action, ...answers] = row.trim().split(/\s+/);
    return columns.map((column, i) => ({ action: action as SealAction, column, expected: answers[i]! }));
  });

  it('has a row for every action and a column for every caller', () => {
    expect(rows.map((r) => r.trim().split(/\s+/)[0])).toEqual([...SEAL_ACTIONS]);
    expect([...new Set(columns.map((c) => c.replace('+', '')))]).toEqual(Object.keys(CALLERS));
  });

  it.each(cells)('$action by $column: $expected', ({ action, column, expected }) => {
    const assigned = column.endsWith('+');
    expect(outcome(CALLERS[column.replace('+', '')], action, assigned)).toBe(expected);
  });

  it('refuses an API user of another business, assigned or not, as if the seal did not exist', () => {
    for (const isAssigned of [false, true])
      expect(outcome(CALLERS['foreign_api_user'], 'apply', isAssigned)).toBe('404');
  });

  it("manages and lists as the business policy's manage_seals and list_own_seals rows say", () => {
    for (const [name, principal] of Object.entries(CALLERS)) {
      const relation = relationToSeal(principal, { businessId: 'B' });
      const business = relation === 'outsider' ? 'outsider' : relation;
      expect(SEAL_POLICY.manage.includes(relation), name).toBe(
        (BUSINESS_POLICY.manage_seals as readonly string[]).includes(business),
      );
      expect(SEAL_POLICY.list.includes(relation), name).toBe(
        (BUSINESS_POLICY.list_own_seals as readonly string[]).includes(business),
      );
    }
  });
});
