import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal, minorUnitDigits } from './money.js';

// Intl separates the code from the figure with a no-break space, and Swiss thousands with an
// apostrophe whose form changes between ICU versions; compare plain forms.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2019/g, "'");

describe('amounts in minor units', () => {
  it('turns integers into exact decimals', () => {
    expect(minorToDecimal(1999, 2)).toBe('19.99');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(-5, 2)).toBe('-0.05');
    expect(minorToDecimal(0, 2)).toBe('0.00');
    expect(minorToDecimal(1234, 0)).toBe('1234');
    // beyond what a binary fraction holds exactly: 2^53 - 1 cents
    expect(minorToDecimal(9_007_199_254_740_991, 2)).toBe('90071992547409.91');
    expect(() => minorToDecimal(19.5, 2)).toThrow(RangeError);
  });

  it('knows the minor units of the currencies', () => {
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('CHF')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
  });

  it('shows the amount with its currency code in the format of each locale', () => {
    expect(plain(formatMoney(33_600, 'EUR', 'en-gb'))).toBe('EUR 336.00');
    expect(plain(formatMoney(123_456_789, 'CHF', 'de-ch'))).toBe("CHF 1'234'567.89");
    expect(plain(formatMoney(3_700, 'CHF', 'fr-ch'))).toBe('37.00 CHF');
    expect(plain(formatMoney(-1_050, 'EUR', 'it'))).toBe('-10,50 EUR');
    // a figure a float would print as 0.30000000000000004 once added up
    expect(plain(formatMoney(30, 'EUR', 'en-gb'))).toBe('EUR 0.30');
  });
});
