// Money as integers in minor units (cents, Rappen) with its currency, never floats. Every rounding
// in billing goes through `roundHalfUp`, so a preview and the charge it announces agree.
import type { Currency } from '../locale.js';

export interface Money {
  amountMinor: number;
  currency: Currency;
}

/**
 * `numerator / denominator` rounded to the nearest integer, halves away from zero. Integers in,
 * an integer out: amounts stay exact for every figure a price can reach (under 2^53).
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError('divideRounded takes safe integers and a positive denominator');
  }
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const quotient = Math.floor(n / denominator);
  const remainder = n - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** A share of an amount given in basis points (1/100 of a percent), rounded half up. */
export function basisPointsOf(amountMinor: number, basisPoints: number): number {
  return divideRounded(amountMinor * basisPoints, 10_000);
}
