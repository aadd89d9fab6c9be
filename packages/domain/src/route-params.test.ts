import { describe, expect, it } from 'vitest';
import { invalidRouteParam, pageNotFoundMessage } from './route-params.js';

describe('route parameters (spec 8)', () => {
  it('admits ids and seal account names', () => {
    expect(invalidRouteParam({ srid: '3f2b8a9e-5c1d-4e6f-9a7b-0c1d2e3f4a5b' })).toBeNull();
    expect(invalidRouteParam({ id: 'sr1', userid: 'sig1' })).toBeNull();
    expect(invalidRouteParam({ accountname: 'acme.finance_seal-1' })).toBeNull();
    expect(invalidRouteParam({ '*': 'any/thing <here>' })).toBeNull();
  });

  it('names the first parameter that is no id', () => {
    expect(invalidRouteParam({ srid: '<script>' })).toBe('srid');
    expect(invalidRouteParam({ id: 'sr1', userid: 'a b' })).toBe('userid');
    expect(invalidRouteParam({ id: 'x'.repeat(65) })).toBe('id');
    expect(invalidRouteParam({ id: '' })).toBe('id');
  });

  it('words the failure as the spec does', () => {
    expect(pageNotFoundMessage('/view/%3Cx%3E')).toBe('Page Not Found /view/%3Cx%3E');
  });
});
