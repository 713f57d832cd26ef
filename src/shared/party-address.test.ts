import { describe, expect, it } from 'vitest';
import { partyAddress } from './party-address.ts';

describe('partyAddress', () => {
  it('prints the free-text address as typed when there is one', () => {
    expect(
      partyAddress({ address: ' 1 Main St\nSpringfield ', street: 'Elsewhere 2', city: 'Berlin' }),
    ).toBe('1 Main St\nSpringfield');
  });

  it('lays out the structured parts when the free-text address is empty', () => {
    expect(
      partyAddress({
        address: '  ',
        street: 'Hauptstraße 5',
        city: 'Berlin',
        postalCode: '10115',
        countryCode: 'DE',
      }),
    ).toBe('Hauptstraße 5\n10115 Berlin\nGermany');
  });

  it('leaves out the parts that are missing', () => {
    expect(partyAddress({ address: null, city: 'Zürich', countryCode: 'CH' })).toBe(
      'Zürich\nSwitzerland',
    );
    expect(partyAddress({ postalCode: '75001' })).toBe('75001');
  });

  it('is null when there is no address at all', () => {
    expect(partyAddress({ address: null })).toBeNull();
    expect(partyAddress({ address: '', street: ' ', city: null })).toBeNull();
  });
});
