import { describe, expect, it } from 'vitest';
import { isVerifiable, verificationStatus, verifiedOrganisationOf } from './organisation-verification.js';

const ubs = { name: 'UBS Switzerland AG', commercialRegister: 'CHE-412.669.376', country: 'CH' };

describe('organisation verification', () => {
  it('covers the organisation exactly as it was verified, and nothing after a change', () => {
    const stored = { status: 'verified' as const, organisation: ubs };
    expect(verificationStatus(ubs, stored)).toBe('verified');
    expect(verifiedOrganisationOf(ubs, stored)).toEqual(ubs);
    for (const changed of [
      { ...ubs, name: 'UBS Switzerland SA' },
      { ...ubs, name: 'ubs switzerland ag' },
      { ...ubs, commercialRegister: 'CHE-101.329.561' },
      { ...ubs, country: 'LI' },
    ]) {
      expect(verificationStatus(changed, stored)).toBe('outdated');
      expect(verifiedOrganisationOf(changed, stored)).toBeNull();
    }
  });

  it('verifies nothing before the operator has, or once they refused or revoked', () => {
    expect(verificationStatus(ubs, undefined)).toBe('unverified');
    for (const status of ['pending', 'refused', 'revoked'] as const) {
      expect(verificationStatus(ubs, { status, organisation: ubs })).toBe(status);
      expect(verifiedOrganisationOf(ubs, { status, organisation: ubs })).toBeNull();
    }
  });

  it('needs a name, a register number and a country to verify', () => {
    expect(isVerifiable(ubs)).toBe(true);
    expect(isVerifiable({ ...ubs, commercialRegister: ' ' })).toBe(false);
    expect(isVerifiable({ ...ubs, name: '' })).toBe(false);
    expect(isVerifiable({ ...ubs, country: 'ch' })).toBe(false);
  });
});
