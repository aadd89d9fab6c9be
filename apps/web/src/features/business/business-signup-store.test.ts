import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetBusinessDraft,
  markDraftAccount,
  pendingBusinessFor,
  readBusinessDraft,
  readReferralCode,
  saveBusinessDraft,
  saveReferralCode,
  signupDraftLifetimeMs,
  targetAfterSignIn,
} from './business-signup-store.js';

const acme = { name: 'Acme', country: 'CH', email: 'help@acme.example', phone: '' };
const now = Date.parse('2026-11-24T12:00:00Z');

describe('the business sign-up kept in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a referral code only when it looks like one', () => {
    saveReferralCode(localStorage, 'ref_42-A');
    expect(readReferralCode(localStorage)).toBe('ref_42-A');
    saveReferralCode(localStorage, '<script>');
    saveReferralCode(localStorage, null);
    expect(readReferralCode(localStorage)).toBe('ref_42-A');
    localStorage.setItem('countersign.ucc', 'x'.repeat(65));
    expect(readReferralCode(localStorage)).toBeNull();
  });

  it("registers the business only at its own person's sign-in", () => {
    saveBusinessDraft(localStorage, acme, now);
    // no account yet: nobody's sign-in registers it
    expect(pendingBusinessFor(localStorage, 'grace@example.com', now)).toBeNull();
    markDraftAccount(localStorage, 'Grace@Example.com', now);
    expect(pendingBusinessFor(localStorage, 'grace@example.com', now)).toEqual(acme);
    expect(pendingBusinessFor(localStorage, 'ada@example.com', now)).toBeNull();
    expect(targetAfterSignIn(localStorage, 'grace@example.com', '/profile')).toBe('/business/register');
    expect(targetAfterSignIn(localStorage, 'ada@example.com', '/profile')).toBe('/profile');
    expect(targetAfterSignIn(localStorage, 'ada@example.com', null)).toBe('/dashboard');
    forgetBusinessDraft(localStorage);
    expect(readBusinessDraft(localStorage, now)).toBeNull();
  });

  it('forgets a draft once a confirmation link would have run out, and a malformed one', () => {
    saveBusinessDraft(localStorage, acme, now);
    expect(readBusinessDraft(localStorage, now + signupDraftLifetimeMs)).toEqual(acme);
    expect(readBusinessDraft(localStorage, now + signupDraftLifetimeMs + 1)).toBeNull();
    expect(localStorage.getItem('countersign.business-signup')).toBeNull();
    localStorage.setItem('countersign.business-signup', '{"business":{"name":1}}');
    expect(readBusinessDraft(localStorage, now)).toBeNull();
    localStorage.setItem('countersign.business-signup', 'not json');
    expect(readBusinessDraft(localStorage, now)).toBeNull();
  });
});
