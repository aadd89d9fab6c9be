// The business and invitation policies as tables: every action against every kind of caller,
// for the business itself and for a foreign one, with the answer each refusal gives.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { apiUserPrincipal, linkHolderPrincipal, personPrincipal } from '../../test-support/principals.js';
import {
  BUSINESS_ACTIONS,
  INVITATION_ACTIONS,
  authorizeBusiness,
  authorizeInvitation,
  listAllowedBusinessActions,
  type BusinessAction,
  type InvitationAction,
} from './policy.js';

const person = personPrincipal;
const apiUser = apiUserPrincipal;

// The callers, each as it stands to business B (C is another business).
const CALLERS: Record<string, { principal: Principal | undefined; isParticipant?: boolean }> = {
  admin: { principal: person({ businessId: 'B', role: 'admin' }) },
  member: { principal: person({ businessId: 'B', role: 'member' }) },
  foreign_admin: { principal: person({ businessId: 'C', role: 'admin' }) },
  foreign_member: { principal: person({ businessId: 'C', role: 'member' }) },
  user: { principal: person(null) },
  participant: { principal: person(null), isParticipant: true },
  link_holder: { principal: linkHolderPrincipal() },
  link_participant: {
    principal: linkHolderPrincipal(),
    isParticipant: true,
  },
  api_user: { principal: apiUser('B') },
  foreign_api_user: { principal: apiUser('C') },
  nobody: { principal: undefined },
};

// Each cell: ok, 403 (business.forbidden) or 404 (business.not_found).
const TABLE = `
action                   admin member foreign_admin foreign_member user participant link_holder link_participant api_user foreign_api_user nobody
view                     ok    ok     404           404            404  404         404         404              403      404              404
update                   ok    403    404           404            404  404         404         404              403      404              404
delete                   ok    403    404           404            404  404         404         404              403      404              404
revoke_delete            ok    403    404           404            404  404         404         404              403      404              404
view_settings            ok    403    404           404            404  404         404         404              403      404              404
update_settings          ok    403    404           404            404  404         404         404              403      404              404
view_public_information  ok    ok     404           404            404  ok          404         ok               ok       404              404
view_activity            ok    403    404           404            404  404         404         404              ok       404              404
view_statistics          ok    403    404           404            404  404         404         404              ok       404              404
view_aes4biz             ok    403    404           404            404  404         404         404              403      404              404
update_aes4biz           ok    403    404           404            404  404         404         404              403      404              404
view_verification        ok    403    404           404            404  404         404         404              403      404              404
request_verification     ok    403    404           404            404  404         404         404              403      404              404
list_admins              ok    403    404           404            404  404         404         404              403      404              404
change_roles             ok    403    404           404            404  404         404         404              403      404              404
list_members             ok    403    404           404            404  404         404         404              403      404              404
invite_members           ok    403    404           404            404  404         404         404              403      404              404
remove_members           ok    403    404           404            404  404         404         404              403      404              404
leave                    ok    ok     404           404            404  404         404         404              403      404              404
list_invitations         ok    403    404           404            404  404         404         404              403      404              404
delete_invitation        ok    403    404           404            404  404         404         404              403      404              404
add_domain               ok    403    404           404            404  404         404         404              403      404              404
delete_domain            ok    403    404           404            404  404         404         404              403      404              404
manage_seals             ok    403    404           404            404  404         404         404              403      404              404
list_own_seals           ok    ok     404           404            404  404         404         404              403      404              404
manage_api_users         ok    403    404           404            404  404         404         404              403      404              404
manage_webhooks          ok    403    404           404            404  404         404         404              403      404              404
answer_survey            ok    ok     404           404            404  404         404         404              403      404              404
view_survey_summary      ok    403    404           404            404  404         404         404              403      404              404
`;

function outcome(run: () => void): string {
  try {
    run();
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'business.forbidden') return '403';
    if (err.code === 'business.not_found' || err.code === 'business.invitation_not_found') return '404';
    return err.code;
  }
}

function parse(table: string) {
  const [header, ...rows] = table.trim().split('\n');
  const callers = (header ?? '').trim().split(/\s+/).slice(1);
  return rows.flatMap((row) => {
    const [action, ...cells] = row.trim().split(/\s+/);
    return callers.map((caller, i) => ({ action: action!, caller, expected: cells[i] ?? '?' }));
  });
}

describe('business policy', () => {
  const cells = parse(TABLE);

  it('has a hand-written cell for every action and caller', () => {
    expect(cells).toHaveLength(BUSINESS_ACTIONS.length * Object.keys(CALLERS).length);
    expect(new Set(cells.map((c) => c.action))).toEqual(new Set(BUSINESS_ACTIONS));
  });

  it.each(cells)('$action by $caller: $expected', ({ action, caller, expected }) => {
    const { principal, isParticipant } = CALLERS[caller]!;
    const resource = { businessId: 'B', ...(isParticipant && { isParticipant }) };
    expect(outcome(() => authorizeBusiness(principal, action as BusinessAction, resource))).toBe(expected);
  });

  it('answers 404 for every action on a foreign business, even to its own admin elsewhere', () => {
    for (const action of BUSINESS_ACTIONS) {
      expect(
        outcome(() => authorizeBusiness(CALLERS['admin']!.principal, action, { businessId: 'C2' })),
      ).toBe('404');
    }
  });

  it('lists what a member may do, for the UI', () => {
    expect(listAllowedBusinessActions(CALLERS['member']!.principal, { businessId: 'B' })).toEqual([
      'view',
      'view_public_information',
      'leave',
      'list_own_seals',
      'answer_survey',
    ]);
    expect(listAllowedBusinessActions(CALLERS['admin']!.principal, { businessId: 'B' })).toEqual([
      ...BUSINESS_ACTIONS,
    ]);
  });
});

describe('invitation policy', () => {
  const invitation = { businessId: 'B', email: 'invitee@example.org' };
  const callers: Record<string, Principal | undefined> = {
    admin: person({ businessId: 'B', role: 'admin' }),
    member: person({ businessId: 'B', role: 'member' }),
    foreign_admin: person({ businessId: 'C', role: 'admin' }),
    invitee: person(null, 'invitee@example.org'),
    other_user: person(null, 'other@example.org'),
    link_holder: linkHolderPrincipal(),
    nobody: undefined,
  };
  const TABLE_INVITATIONS = `
action  admin member foreign_admin invitee other_user link_holder nobody
accept  404   404    404           ok      404        404         404
delete  ok    404    404           404     404        404         404
`;
  const cells = parse(TABLE_INVITATIONS);

  it('has a cell for every action and caller', () => {
    expect(new Set(cells.map((c) => c.action))).toEqual(new Set(INVITATION_ACTIONS));
    expect(cells).toHaveLength(INVITATION_ACTIONS.length * Object.keys(callers).length);
  });

  it.each(cells)('$action by $caller: $expected', ({ action, caller, expected }) => {
    expect(outcome(() => authorizeInvitation(callers[caller], action as InvitationAction, invitation))).toBe(
      expected,
    );
  });
});
