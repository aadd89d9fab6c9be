import { describe, expect, it } from 'vitest';
import { classifyPlan } from '../plans.js';
import {
  canInvite,
  canSignAnother,
  canUpload,
  identificationPayer,
  signatureAllowance,
  ENTITLEMENTS,
} from './entitlements.js';
import { isUpgrade, planName, PLAN_IDS, BILLING_CYCLES, isPlanId, isFreeAccountType } from './plans.js';
import { checkPromo, discountOn, normalisePromoCode, promoStatus, type PromoCode } from './promo-codes.js';
import { checkVatNumber, taxFor, taxOn } from './tax.js';

describe('plan names (spec 4)', () => {
  it('names every plan so that the spec rules classify it as that plan', () => {
    for (const plan of PLAN_IDS) {
      for (const cycle of BILLING_CYCLES) {
        expect(classifyPlan(planName(plan, cycle))).toBe(plan);
      }
    }
    expect(planName('individual', 'yearly')).toBe('INDIVIDUAL_YEARLY');
    expect(planName('pro', 'monthly')).toBe('PRO_V1');
  });

  it('knows the plans and the free account types, and which way is up', () => {
    expect(isPlanId('pro')).toBe(true);
    expect(isPlanId('gold')).toBe(false);
    expect(isFreeAccountType('free_v1')).toBe(true);
    expect(isFreeAccountType('pro')).toBe(false);
    expect(isUpgrade('team', 'pro')).toBe(true);
    expect(isUpgrade('pro', 'pro')).toBe(true);
    expect(isUpgrade('scale', 'team')).toBe(false);
  });
});

describe('entitlements', () => {
  it('allows signatures per seat and level; null is no limit', () => {
    expect(signatureAllowance('pro', 5)).toEqual({ ses: null, aes: 250, qes: 100 });
    expect(signatureAllowance('free_v1', 1)).toEqual({ ses: null, aes: 0, qes: 0 });
    expect(signatureAllowance('enterprise', 3)).toEqual({ ses: null, aes: null, qes: null });
    expect(signatureAllowance('individual', 0)).toEqual({ ses: null, aes: 20, qes: 5 });
  });

  it('lets one more signature through only while it fits the allowance', () => {
    const allowance = signatureAllowance('team', 1);
    expect(canSignAnother(allowance, 4, 'qes')).toBe(true);
    expect(canSignAnother(allowance, 5, 'qes')).toBe(false);
    expect(canSignAnother(allowance, 10_000, 'ses')).toBe(true);
    expect(canSignAnother(signatureAllowance('free_v1', 1), 0, 'aes')).toBe(false);
  });

  it('blocks uploads on the new free plan only (spec 2)', () => {
    expect(canUpload('free_v1')).toBe(false);
    for (const other of ['free_migrated', 'free_legacy', 'trial', 'individual', 'pro'] as const) {
      expect(canUpload(other)).toBe(true);
    }
  });

  it('pays identification for members from pro, and for invited signers from scale', () => {
    expect(ENTITLEMENTS.team.idents.eidas).toEqual({ payForMembers: false, payForInvitations: false });
    expect(ENTITLEMENTS.pro.idents.zertes).toEqual({ payForMembers: true, payForInvitations: false });
    expect(ENTITLEMENTS.scale.idents.eidas).toEqual({ payForMembers: true, payForInvitations: true });
  });

  it('counts people and open invitations against the seats', () => {
    expect(canInvite(5, 3, 1, 1)).toBe(true);
    expect(canInvite(5, 3, 1, 2)).toBe(false);
    expect(canInvite(1, 1, 0, 1)).toBe(false);
  });
});

describe('who pays an identification (spec 3 licenses.idents)', () => {
  it('is the business for the people its licence covers, else the signer', () => {
    expect(identificationPayer('pro', 'zertes', true)).toBe('business');
    expect(identificationPayer('pro', 'zertes', false)).toBe('signer');
    expect(identificationPayer('scale', 'eidas', false)).toBe('business');
    expect(identificationPayer('trial', 'eidas', true)).toBe('signer');
    expect(identificationPayer('individual', 'zertes', true)).toBe('signer');
  });
});

describe('promo codes', () => {
  const promo: PromoCode = {
    code: 'WELCOME20',
    discount: { type: 'percent', basisPoints: 2_000 },
    plans: ['pro', 'scale'],
    cycles: ['yearly'],
    maxRedemptions: 2,
    redemptions: 1,
    expiresAt: '2026-12-31T23:59:59Z',
  };
  const now = new Date('2026-11-24T12:00:00Z');
  const proYearly = { plan: 'pro', cycle: 'yearly', currency: 'EUR' } as const;

  it('applies while active, unexpired, and for its plans and cycles', () => {
    expect(promoStatus(promo)).toBe('ACTIVE');
    expect(checkPromo(promo, proYearly, now)).toEqual({ ok: true });
    expect(checkPromo(promo, { ...proYearly, plan: 'team' }, now)).toEqual({
      ok: false,
      reason: 'not_applicable',
    });
    expect(checkPromo(promo, { ...proYearly, cycle: 'monthly' }, now)).toEqual({
      ok: false,
      reason: 'not_applicable',
    });
  });

  it('is USED_UP once every redemption is taken, and expired at its expiry', () => {
    const usedUp = { ...promo, redemptions: 2 };
    expect(promoStatus(usedUp)).toBe('USED_UP');
    expect(checkPromo(usedUp, proYearly, now)).toEqual({ ok: false, reason: 'used_up' });
    expect(checkPromo(promo, proYearly, new Date('2026-12-31T23:59:59Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(checkPromo({ ...usedUp, expiresAt: '2026-01-01T00:00:00Z' }, proYearly, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(promoStatus({ maxRedemptions: null, redemptions: 10_000 })).toBe('ACTIVE');
  });

  it('takes off a share or an amount in its own currency, never more than the price', () => {
    expect(discountOn(33_600, promo.discount)).toBe(6_720);
    const tenEuros = { type: 'amount', amountMinor: 1_000, currency: 'EUR' } as const;
    expect(discountOn(33_600, tenEuros)).toBe(1_000);
    expect(discountOn(600, tenEuros)).toBe(600);
    const amountPromo = { ...promo, discount: tenEuros };
    expect(checkPromo(amountPromo, { ...proYearly, currency: 'CHF' }, now)).toEqual({
      ok: false,
      reason: 'not_applicable',
    });
    expect(normalisePromoCode('  welcome20 ')).toBe('WELCOME20');
  });
});

describe('VAT', () => {
  it('charges Swiss VAT at home on the CH platform and none on exports', () => {
    expect(taxFor('CH', { country: 'CH', vatNumber: null })).toEqual({
      rateBasisPoints: 810,
      reverseCharge: false,
    });
    expect(taxFor('CH', { country: 'DE', vatNumber: null })).toEqual({
      rateBasisPoints: 0,
      reverseCharge: false,
    });
    expect(taxOn(33_600, taxFor('CH', { country: 'CH', vatNumber: null }))).toBe(2_722);
  });

  it('on the EU platform: German VAT at home, reverse charge for EU businesses, OSS rates otherwise', () => {
    expect(taxFor('EU', { country: 'DE', vatNumber: 'DE136695976' }).rateBasisPoints).toBe(1_900);
    expect(taxFor('EU', { country: 'FR', vatNumber: 'FR40303265045' })).toEqual({
      rateBasisPoints: 0,
      reverseCharge: true,
    });
    expect(taxFor('EU', { country: 'FR', vatNumber: null }).rateBasisPoints).toBe(2_000);
    expect(taxFor('EU', { country: 'US', vatNumber: null }).rateBasisPoints).toBe(0);
    expect(taxFor('EU', { country: 'CH', vatNumber: null }).rateBasisPoints).toBe(0);
  });

  it('checks a VAT number by the format and check digits of its country', () => {
    expect(checkVatNumber('CHE-109.322.551 MWST', 'CH')).toEqual({
      ok: true,
      normalised: 'CHE109322551MWST',
    });
    expect(checkVatNumber('DE 136 695 976', 'de')).toEqual({ ok: true, normalised: 'DE136695976' });
    expect(checkVatNumber('DE136695977', 'DE')).toEqual({ ok: false, reason: 'format' });
    // a German number for a French address
    expect(checkVatNumber('DE136695976', 'FR')).toEqual({ ok: false, reason: 'format' });
    expect(checkVatNumber('12-3456789', 'US')).toEqual({ ok: false, reason: 'country_unknown' });
  });
});
