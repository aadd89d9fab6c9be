import { describe, expect, it } from 'vitest';
import { listCountries } from './countries.js';

describe('listCountries (spec 1)', () => {
  it('puts CH, DE, FR, AT first, then the rest alphabetically in the interface language', () => {
    const codes = listCountries('de-CH', 'app.countersign.ch').map((c) => c.value);
    expect(codes.slice(0, 4)).toEqual(['CH', 'DE', 'FR', 'AT']);
    const rest = listCountries('de-CH', 'localhost').slice(4);
    expect(rest[0]).toEqual({ value: 'BE', label: 'Belgien' });
    expect(rest.map((c) => c.label)).toEqual(
      [...rest.map((c) => c.label)].sort((a, b) => a.localeCompare(b, 'de')),
    );
  });

  it('puts DE first on the EU platform (hosts ending .de or .eu)', () => {
    expect(
      listCountries('en-GB', 'app.countersign.eu')
        .map((c) => c.value)
        .slice(0, 4),
    ).toEqual(['DE', 'CH', 'FR', 'AT']);
    expect(listCountries('fr-CH', 'countersign.de')[0]).toEqual({ value: 'DE', label: 'Allemagne' });
  });
});
