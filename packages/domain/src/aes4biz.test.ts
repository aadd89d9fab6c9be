import { describe, expect, it } from 'vitest';
import { aes4bizProblem, isVouchedFor, type Aes4BizSettings } from './aes4biz.js';

const on: Aes4BizSettings = {
  enabled: true,
  representativeName: 'Rita Rep',
  representativeEmail: 'rita@acme.example',
  commercialRegister: 'CHE-123.456.789',
  domains: ['acme.example'],
};

describe('AES for business', () => {
  it('can be turned on only with the representative, the register and a domain', () => {
    expect(aes4bizProblem(on, ['acme.example'])).toBeNull();
    expect(aes4bizProblem({ ...on, commercialRegister: ' ' }, ['acme.example'])).toBe('incomplete');
    expect(aes4bizProblem({ ...on, representativeEmail: '' }, ['acme.example'])).toBe('incomplete');
    expect(aes4bizProblem({ ...on, domains: [] }, [])).toBe('incomplete');
    expect(aes4bizProblem({ ...on, enabled: false, commercialRegister: '', domains: [] }, [])).toBeNull();
  });

  it('names only domains the business has verified', () => {
    expect(aes4bizProblem({ ...on, domains: ['acme.example', 'other.example'] }, ['acme.example'])).toBe(
      'domain_unverified',
    );
  });

  it('vouches for addresses on its verified domains while it is on', () => {
    expect(isVouchedFor(on, ['acme.example'], 'Ann@ACME.example')).toBe(true);
    expect(isVouchedFor(on, ['acme.example'], 'ann@sub.acme.example')).toBe(false);
    expect(isVouchedFor(on, ['acme.example'], 'ann@other.example')).toBe(false);
    expect(isVouchedFor({ ...on, enabled: false }, ['acme.example'], 'ann@acme.example')).toBe(false);
    // the domain was released after the settings named it
    expect(isVouchedFor(on, [], 'ann@acme.example')).toBe(false);
  });
});
