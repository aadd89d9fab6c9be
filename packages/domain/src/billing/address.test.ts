import { describe, expect, it } from 'vitest';
import { hasBillingAddress } from './address.js';

describe('hasBillingAddress', () => {
  const full = { address1: 'Bahnhofstrasse 1', postalCode: '8001', city: 'Zürich', country: 'CH' };
  it('needs street, postal code, town and country, none of them blank', () => {
    expect(hasBillingAddress(full)).toBe(true);
    for (const part of ['address1', 'postalCode', 'city', 'country'] as const) {
      expect(hasBillingAddress({ ...full, [part]: '' })).toBe(false);
      expect(hasBillingAddress({ ...full, [part]: '  ' })).toBe(false);
    }
  });
});
