import { countryName } from './countries.ts';

/** The address parts a document's party or a contract's party may carry. */
export interface AddressParts {
  address?: string | null;
  street?: string | null;
  city?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
}

/**
 * The postal address a document prints for a party: the free-text address as typed, else
 * the structured parts (issue 41's EN 16931 fields) laid out as lines — street, then
 * postcode and city, then the country's name. A profile filled only through the
 * e-invoicing fields would otherwise print no address at all on its invoices, although
 * its e-invoices carry one. Null when there is nothing to print.
 */
export function partyAddress(party: AddressParts): string | null {
  const typed = party.address?.trim();
  if (typed) return typed;
  const part = (value: string | null | undefined) => value?.trim() || null;
  const lines = [
    part(party.street),
    [part(party.postalCode), part(party.city)].filter(Boolean).join(' ') || null,
    party.countryCode?.trim() ? countryName(party.countryCode.trim()) : null,
  ].filter((line): line is string => line !== null);
  return lines.length ? lines.join('\n') : null;
}
