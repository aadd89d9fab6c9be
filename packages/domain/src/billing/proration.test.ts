import { describe, expect, it } from 'vitest';
import { divideRounded } from './money.js';
import { addCycle, currencyOfPlatform, periodPrice, seatPrice } from './prices.js';
import { daysBetween, prorate, quoteChange, remainingDays } from './proration.js';

const d = (iso: string) => new Date(iso);
const november = { start: d('2026-11-01T00:00:00Z'), end: d('2026-12-01T00:00:00Z') };

describe('money in minor units', () => {
  it('rounds halves away from zero and nothing else', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(7, 3)).toBe(2);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(8, 3)).toBe(3);
    expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
  });
});

describe('the price table', () => {
  it('prices per seat, by plan, cycle and currency; yearly is twelve months less 20 %', () => {
    expect(seatPrice('pro', 'monthly', 'EUR')).toBe(3_500);
    expect(seatPrice('pro', 'yearly', 'EUR')).toBe(33_600);
    expect(seatPrice('pro', 'yearly', 'CHF')).toBe(35_520);
    for (const plan of ['individual', 'team', 'pro', 'scale'] as const) {
      for (const currency of ['EUR', 'CHF'] as const) {
        expect(seatPrice(plan, 'yearly', currency)).toBe(
          (seatPrice(plan, 'monthly', currency)! * 12 * 8) / 10,
        );
      }
    }
    expect(periodPrice('team', 'monthly', 'CHF', 4)).toBe(8_400);
  });

  it('has no price for plans not sold in the product', () => {
    expect(seatPrice('enterprise', 'monthly', 'EUR')).toBeNull();
    expect(seatPrice('trial', 'yearly', 'CHF')).toBeNull();
    expect(periodPrice('free_legacy', 'monthly', 'EUR', 1)).toBeNull();
  });

  it('prices and charges in the currency of the platform, whatever the locale (spec 1, ADR 055)', () => {
    expect(currencyOfPlatform('CH')).toBe('CHF');
    expect(currencyOfPlatform('EU')).toBe('EUR');
  });

  it('ends a period a calendar month or year later, at the end of short months', () => {
    expect(addCycle(d('2026-11-24T19:00:00Z'), 'monthly').toISOString()).toBe('2026-12-24T19:00:00.000Z');
    expect(addCycle(d('2026-01-31T08:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addCycle(d('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(addCycle(d('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('proration to the day', () => {
  it('counts whole UTC days; the day of the change is charged, the end day is not', () => {
    expect(daysBetween(d('2026-11-01T23:59:00Z'), d('2026-11-02T00:01:00Z'))).toBe(1);
    expect(remainingDays(november, d('2026-11-21T15:00:00Z'))).toEqual({ remaining: 10, total: 30 });
    expect(remainingDays(november, d('2026-10-01T00:00:00Z'))).toEqual({ remaining: 30, total: 30 });
    expect(remainingDays(november, d('2026-12-05T00:00:00Z'))).toEqual({ remaining: 0, total: 30 });
  });

  it('worked example: 2 pro seats (EUR 35.00 each) added on 21 November of a November period', () => {
    // 7000 cents a month for the two seats; 10 of 30 days left: 7000 * 10 / 30 = 2333.33 -> 2333
    expect(prorate(7_000, november, d('2026-11-21T09:00:00Z'))).toBe(2_333);
  });

  it('worked example: a half cent rounds up (CHF 37.00 a seat, 15 of 30 days, 1 seat: 1850)', () => {
    expect(prorate(3_700, november, d('2026-11-16T00:00:00Z'))).toBe(1_850);
    // 3 of 28 days of 1 500: 160.71 -> 161
    const february = { start: d('2026-02-01T00:00:00Z'), end: d('2026-03-01T00:00:00Z') };
    expect(prorate(1_500, february, d('2026-02-26T00:00:00Z'))).toBe(161);
  });
});

describe('quoting a change', () => {
  const running = { plan: 'pro', cycle: 'monthly', currency: 'EUR', seats: 3, period: november } as const;

  it('starts a new period at the full price when nothing paid runs (from a trial)', () => {
    const at = d('2026-11-24T19:00:00Z');
    const result = quoteChange(null, { plan: 'pro', cycle: 'yearly', currency: 'EUR', seats: 1 }, at);
    expect(result).toEqual({
      ok: true,
      quote: {
        amountMinor: 33_600,
        creditMinor: 0,
        period: { start: at, end: d('2027-11-24T19:00:00Z') },
        nextInvoiceAt: d('2027-11-24T19:00:00Z'),
        recurringMinor: 33_600,
      },
    });
  });

  it('worked example: 3 to 5 pro seats on 21 November charges the new terms less the old for 10 of 30 days', () => {
    // new 5 * 3500 = 17500 -> 5833.33 -> 5833; old 3 * 3500 = 10500 -> 3500; due 2333
    const result = quoteChange(running, { ...running, seats: 5 }, d('2026-11-21T00:00:00Z'));
    expect(result.ok && result.quote).toMatchObject({
      amountMinor: 2_333,
      creditMinor: 3_500,
      nextInvoiceAt: november.end,
      recurringMinor: 17_500,
    });
  });

  it('worked example: pro to scale on the same cycle charges the difference for the days left', () => {
    // scale 3 * 5500 = 16500 * 10/30 = 5500; pro credit 3500; due 2000
    const result = quoteChange(running, { ...running, plan: 'scale' }, d('2026-11-21T00:00:00Z'));
    expect(result.ok && result.quote.amountMinor).toBe(2_000);
  });

  it('worked example: monthly to yearly starts a year now, less the unused month', () => {
    // yearly 3 * 33600 = 100800, less 3500 unused = 97300
    const at = d('2026-11-21T00:00:00Z');
    const result = quoteChange(running, { ...running, cycle: 'yearly' }, at);
    expect(result.ok && result.quote).toMatchObject({
      amountMinor: 97_300,
      creditMinor: 3_500,
      period: { start: at, end: d('2027-11-21T00:00:00Z') },
    });
  });

  it('charges nothing for fewer seats, and credits nothing in another currency', () => {
    const fewer = quoteChange(running, { ...running, seats: 2 }, d('2026-11-21T00:00:00Z'));
    expect(fewer.ok && fewer.quote.amountMinor).toBe(0);
    const chf = quoteChange(
      running,
      { ...running, currency: 'CHF', cycle: 'yearly' },
      d('2026-11-21T00:00:00Z'),
    );
    expect(chf.ok && chf.quote).toMatchObject({ amountMinor: 3 * 35_520, creditMinor: 0 });
  });

  it('refuses plans not sold, seats outside the plan, and moves down', () => {
    const at = d('2026-11-21T00:00:00Z');
    expect(
      quoteChange(null, { plan: 'enterprise', cycle: 'monthly', currency: 'EUR', seats: 3 }, at),
    ).toEqual({
      ok: false,
      reason: 'plan_not_purchasable',
    });
    for (const seats of [0, -1, 51, 2.5]) {
      expect(quoteChange(null, { plan: 'pro', cycle: 'monthly', currency: 'EUR', seats }, at)).toEqual({
        ok: false,
        reason: 'seats_out_of_range',
      });
    }
    expect(
      quoteChange(null, { plan: 'individual', cycle: 'monthly', currency: 'EUR', seats: 2 }, at),
    ).toEqual({
      ok: false,
      reason: 'seats_out_of_range',
    });
    expect(quoteChange(running, { ...running, plan: 'team' }, at)).toEqual({
      ok: false,
      reason: 'not_an_upgrade',
    });
    // once the period is over, any plan starts afresh
    expect(quoteChange(running, { ...running, plan: 'team' }, d('2026-12-02T00:00:00Z')).ok).toBe(true);
  });
});
