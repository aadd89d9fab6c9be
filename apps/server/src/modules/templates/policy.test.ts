// The template policy as a table: every action against every kind of caller, for a template that a
// business B shares (made by someone else), with the answer each refusal gives (404 for anyone
// outside B, 403 inside it); then the owner's own rights, in a business, as an API user and alone.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { apiUserPrincipal, personPrincipal, policyCallers } from '../../test-support/principals.js';
import {
  TEMPLATE_ACTIONS,
  allowedTemplateActions,
  authorizeTemplate,
  ownerOfNewTemplate,
  type TemplateAction,
  type TemplateResource,
} from './policy.js';

const CALLERS = policyCallers();
const SHARED: TemplateResource = { ownerId: 'someone-else', businessId: 'B' };

const TABLE = `
action  admin member foreign_admin foreign_member user link_holder api_user foreign_api_user nobody
view    ok    ok     404           404            404  404         ok       404              404
use     ok    ok     404           404            404  404         ok       404              404
update  ok    403    404           404            404  404         403      404              404
delete  ok    403    404           404            404  404         403      404              404
`;

function outcome(principal: Principal | undefined, action: TemplateAction, resource = SHARED): string {
  try {
    authorizeTemplate(principal, action, resource);
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { 'template.forbidden': '403', 'template.not_found': '404' }[err.code as string] ?? err.code;
  }
}

describe('the template policy', () => {
  const [header, ...rows] = TABLE.trim().split('\n');
  const callers = header!.trim().split(/\s+/).slice(1);
  const cells = rows.flatMap((row) => {
    const [action, ...answers] = row.trim().split(/\s+/);
    return callers.map((caller, i) => ({ action: action as TemplateAction, caller, expected: answers[i]! }));
  });

  it('has a row for every action and a column for every caller', () => {
    expect(rows.map((r) => r.trim().split(/\s+/)[0])).toEqual([...TEMPLATE_ACTIONS]);
    expect(callers).toEqual(Object.keys(CALLERS));
  });

  it.each(cells)('$action by $caller: $expected', ({ action, caller, expected }) => {
    expect(outcome(CALLERS[caller], action)).toBe(expected);
  });

  it('lets a member change the template they made, while they belong to the business', () => {
    const mine = { ownerId: 'u', businessId: 'B' };
    expect(allowedTemplateActions(CALLERS['member'], mine)).toEqual(['view', 'use', 'update', 'delete']);
    // the same person, having left for business C, no longer reaches it
    expect(outcome(CALLERS['foreign_member'], 'view', mine)).toBe('404');
  });

  it("lets an API user change the templates it made, and makes them its business's", () => {
    const apiUser = apiUserPrincipal('B');
    const made = ownerOfNewTemplate(apiUser);
    expect(made).toEqual({ ownerId: apiUser.userId, businessId: 'B' });
    expect(allowedTemplateActions(apiUser, made)).toEqual(['view', 'use', 'update', 'delete']);
    // the business's people use it; its admins change it
    expect(allowedTemplateActions(CALLERS['member'], made)).toEqual(['view', 'use']);
    expect(allowedTemplateActions(CALLERS['admin'], made)).toEqual(['view', 'use', 'update', 'delete']);
    // another business's API user learns nothing of it
    expect(outcome(CALLERS['foreign_api_user'], 'view', made)).toBe('404');
  });

  it("keeps an individual's template their own", () => {
    const own = { ownerId: 'u', businessId: null };
    expect(allowedTemplateActions(personPrincipal(null), own)).toEqual(['view', 'use', 'update', 'delete']);
    expect(outcome(personPrincipal(null), 'view', { ownerId: 'other', businessId: null })).toBe('404');
    expect(outcome(CALLERS['admin'], 'view', { ownerId: 'other', businessId: null })).toBe('404');
  });
});
