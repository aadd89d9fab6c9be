// The billing policy as a table: every action for an admin, a member, an API user and an outsider
// of the business; outsiders learn nothing (404), people of the business without the role get 403.
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../lib/principal.js';
import { apiUserPrincipal, personPrincipal } from '../../test-support/principals.js';
import { authorizeBilling, BILLING_ACTIONS, canOnBilling } from './policy.js';

const person = personPrincipal;
const who: Record<string, Principal | undefined> = {
  admin: person({ businessId: 'b1', role: 'admin' }),
  member: person({ businessId: 'b1', role: 'member' }),
  apiUser: apiUserPrincipal('b1'),
  adminElsewhere: person({ businessId: 'b2', role: 'admin' }),
  individual: person(null),
  nobody: undefined,
};
const expected: Record<string, Record<(typeof BILLING_ACTIONS)[number], 'ok' | 403 | 404>> = {
  admin: { view_plan: 'ok', view_billing: 'ok', manage_billing: 'ok', change_plan: 'ok' },
  member: { view_plan: 'ok', view_billing: 403, manage_billing: 403, change_plan: 403 },
  apiUser: { view_plan: 403, view_billing: 403, manage_billing: 403, change_plan: 403 },
  adminElsewhere: { view_plan: 404, view_billing: 404, manage_billing: 404, change_plan: 404 },
  individual: { view_plan: 404, view_billing: 404, manage_billing: 404, change_plan: 404 },
  nobody: { view_plan: 404, view_billing: 404, manage_billing: 404, change_plan: 404 },
};

describe('the billing policy', () => {
  for (const [name, principal] of Object.entries(who)) {
    for (const action of BILLING_ACTIONS) {
      const outcome = expected[name]![action];
      it(`${name} ${action}: ${outcome}`, () => {
        expect(canOnBilling(principal, action, 'b1')).toBe(outcome === 'ok');
        if (outcome === 'ok') return expect(() => authorizeBilling(principal, action, 'b1')).not.toThrow();
        const code = outcome === 403 ? 'business.forbidden' : 'business.not_found';
        expect(() => authorizeBilling(principal, action, 'b1')).toThrow(expect.objectContaining({ code }));
      });
    }
  }
});
