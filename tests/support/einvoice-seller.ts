/**
 * A business profile complete for e-invoicing (a French seller with its VAT id, address,
 * IBAN and BIC): what `PUT /api/settings/business` takes before the switch goes on, for the
 * tests whose invoices must pass the seller's EN 16931 rules.
 */
export const EINVOICING_SELLER = {
  taxId: 'FR40123456824',
  registrationId: '123 456 789',
  countryCode: 'FR',
  street: '12 rue de la Paix',
  city: 'Paris',
  postalCode: '75002',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPP',
};
