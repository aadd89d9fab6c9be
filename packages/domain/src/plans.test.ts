import { describe, expect, it } from 'vitest';
import { classifyPlan, isPlanCancelled, isPlanCancelling, planCancellation } from './plans.js';

describe('classifyPlan (spec 4)', () => {
  it.each([
    ['TRIAL', 'trial'],
    ['TRIAL_V2_MONTHLY', 'trial'],
    ['INDIVIDUAL', 'individual'],
    ['INDIVIDUAL_YEARLY', 'individual'],
    ['TEAM', 'team'],
    ['PRO_V1', 'pro'],
    ['SCALE', 'scale'],
    ['enterprise', 'enterprise'],
    ['ent_custom_2024', 'enterprise'],
    ['free_legacy', 'free_legacy'],
  ])('classifies %s as %s', (name, kind) => {
    expect(classifyPlan(name)).toBe(kind);
  });

  it.each([
    'PRO_V2',
    'PRO',
    'SCALE_V2',
    'trial',
    'individual',
    'ENTERPRISE',
    'TEAM_V2',
    'free_v1',
    '',
    null,
    undefined,
  ])('classifies %s as unknown', (name) => {
    expect(classifyPlan(name)).toBe('unknown');
  });
});

describe('planCancellation (spec 4)', () => {
  const period = (type?: string) => ({ base: { type } });

  it('is cancelled when the current type is CANCELED, whatever comes next', () => {
    for (const next of [undefined, 'CANCELED', 'PAID']) {
      const plan = { current: period('CANCELED'), next: period(next) };
      expect(planCancellation(plan)).toBe('cancelled');
      expect(isPlanCancelled(plan)).toBe(true);
      expect(isPlanCancelling(plan)).toBe(false);
    }
  });

  it('is cancelling when only the next type is CANCELED', () => {
    const plan = { current: period('PAID'), next: period('CANCELED') };
    expect(planCancellation(plan)).toBe('cancelling');
    expect(isPlanCancelling(plan)).toBe(true);
    expect(isPlanCancelled(plan)).toBe(false);
  });

  it('is active otherwise, including a missing plan', () => {
    expect(planCancellation({ current: period('PAID'), next: period('PAID') })).toBe('active');
    expect(planCancellation({})).toBe('active');
    expect(planCancellation(null)).toBe('active');
    expect(planCancellation({ current: period('canceled') })).toBe('active');
  });
});
