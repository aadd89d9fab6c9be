// Third-party scripts load only when configured and only for a signed-in person: analytics with
// role admin for business admins and user otherwise, the user-guidance tool only on the free_legacy
// plan or with the business's userPilot.enabled (spec 6); malformed config counts as none.
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.js';
import { noThirdParties, parseThirdParties, scriptsFor } from './third-party-scripts.js';

const analytics = { scriptUrl: 'https://plausible.example/js/script.js', id: 'sign.example.org' };
const userGuidance = { scriptUrl: 'https://guide.example/sdk.js', id: 'NX-1' };
const business = { id: 'b1', name: 'Acme', deletionDueAt: null, userPilotEnabled: false };

describe('third-party scripts', () => {
  it('loads nothing when nothing is configured or nobody is signed in', () => {
    expect(scriptsFor(noThirdParties, makeUser())).toEqual([]);
    expect(scriptsFor({ analytics, userGuidance }, null)).toEqual([]);
  });

  it('gives analytics role admin for business admins and user for everyone else', () => {
    const roleOf = (user: ReturnType<typeof makeUser>) =>
      scriptsFor({ analytics, userGuidance: null }, user)[0]?.data;
    expect(roleOf(makeUser({ role: 'admin', business }))).toEqual({
      domain: 'sign.example.org',
      role: 'admin',
    });
    expect(roleOf(makeUser({ role: 'member', business }))?.role).toBe('user');
    expect(roleOf(makeUser({ role: 'user' }))?.role).toBe('user');
  });

  it('runs the guidance tool on the free_legacy plan or with userPilot.enabled, else not', () => {
    const guided = (user: ReturnType<typeof makeUser>) =>
      scriptsFor({ analytics: null, userGuidance }, user).map((s) => s.src);
    expect(guided(makeUser({ role: 'member', business }))).toEqual([]);
    expect(guided(makeUser({ role: 'member', business: { ...business, userPilotEnabled: true } }))).toEqual([
      userGuidance.scriptUrl,
    ]);
    const legacy = makeUser();
    legacy.attributes.freeAccountType = 'free_legacy';
    expect(guided(legacy)).toEqual([userGuidance.scriptUrl]);
  });

  it('reads the services from /api/config and ignores malformed ones', () => {
    expect(
      parseThirdParties({
        analytics: { script_url: analytics.scriptUrl, id: analytics.id },
        user_guidance: { script_url: 'javascript:alert(1)', id: 'x' },
      }),
    ).toEqual({ analytics, userGuidance: null });
    expect(parseThirdParties(undefined)).toEqual(noThirdParties);
  });
});
