import { describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import { useTwoWorkspaces } from '../../../../tests/support/test-app.ts';

/* Issue 41, item 1: the data EN 16931 needs, on the profile, clients, lines and invoices. */

const { t, owner } = useTwoWorkspaces('Einvoice Data Studio', 'Other Studio');

const ADDRESS = { countryCode: 'de', street: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115' };

async function newClient(fields: object = {}) {
  return ok(
    owner.client.post('/api/clients', {
      name: 'Stadt Musterhausen',
      email: 'rechnung@musterhausen.example.com',
      currency: 'EUR',
      ...fields,
    }),
    201,
  );
}

describe('the business profile', () => {
  it('takes the e-invoicing fields, stores IBAN and BIC normalised, and answers them', async () => {
    const saved = await ok(
      owner.client.put('/api/settings/business', {
        ...ADDRESS,
        registrationId: 'HRB 12345',
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
        electronicAddress: '0088:4000001000005',
        electronicAddressScheme: '0088',
      }),
    );
    expect(saved).toMatchObject({
      countryCode: 'DE',
      street: 'Hauptstraße 1',
      city: 'Berlin',
      postalCode: '10115',
      registrationId: 'HRB 12345',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      electronicAddressScheme: '0088',
      einvoicing: false,
    });
    expect(await ok(owner.client.get('/api/settings/business'))).toMatchObject(saved);
  });

  it('refuses an IBAN or BIC whose check digits or format are wrong, naming why', async () => {
    const iban = await owner.client.put('/api/settings/business', {
      iban: 'DE89 3704 0044 0532 0130 01',
    });
    expect(iban.statusCode).toBe(400);
    expect(iban.body).toContain('Enter a valid IBAN (check digits do not match)');
    const bic = await owner.client.put('/api/settings/business', { bic: 'DEUT12FF' });
    expect(bic.statusCode).toBe(400);
    expect(bic.body).toContain('Enter a valid BIC');
    const country = await owner.client.put('/api/settings/business', { countryCode: 'XX' });
    expect(country.statusCode).toBe(400);
    expect(country.body).toContain('ISO 3166-1 alpha-2');
  });

  it('wants an electronic address and its scheme together', async () => {
    await ok(
      owner.client.put('/api/settings/business', {
        electronicAddress: null,
        electronicAddressScheme: null,
      }),
    );
    const alone = await owner.client.put('/api/settings/business', {
      electronicAddress: 'billing@studio.example.com',
    });
    expect(alone.statusCode).toBe(400);
    expect(alone.body).toContain('Choose the scheme of the electronic address');
    const scheme = await owner.client.put('/api/settings/business', {
      electronicAddressScheme: 'EM',
    });
    expect(scheme.statusCode).toBe(400);
    const both = await ok(
      owner.client.put('/api/settings/business', {
        electronicAddress: 'billing@studio.example.com',
        electronicAddressScheme: 'em',
      }),
    );
    expect(both).toMatchObject({ electronicAddressScheme: 'EM' });
  });

  it('turns e-invoicing on only with an address, a country and a VAT ID or registration id', async () => {
    await ok(
      owner.client.put('/api/settings/business', {
        einvoicing: false,
        countryCode: null,
        street: null,
        city: null,
        postalCode: null,
        taxId: null,
        registrationId: null,
      }),
    );
    const refused = await owner.client.put('/api/settings/business', { einvoicing: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('countryCode, street, city, postalCode, taxId');
    // The merged profile counts: a field sent now and the ones saved before.
    await ok(owner.client.put('/api/settings/business', { street: 'Rue Neuve 2', city: 'Lyon' }));
    const partial = await owner.client.put('/api/settings/business', {
      einvoicing: true,
      countryCode: 'FR',
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.body).toContain('(postalCode, taxId)');
    const on = await ok(
      owner.client.put('/api/settings/business', {
        einvoicing: true,
        countryCode: 'FR',
        postalCode: '69001',
        registrationId: '123 456 789',
      }),
    );
    expect(on.einvoicing).toBe(true);
    // While on, emptying a required field is refused and nothing changes.
    const emptied = await owner.client.put('/api/settings/business', { city: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.body).toContain('(city)');
    expect((await ok(owner.client.get('/api/settings/business'))).city).toBe('Lyon');
    // Off again, the fields are optional.
    await ok(owner.client.put('/api/settings/business', { einvoicing: false }));
    expect((await ok(owner.client.put('/api/settings/business', { city: '' }))).city).toBeNull();
  });
});

describe('clients', () => {
  it('take an address, a country, a buyer reference and an electronic address', async () => {
    const made = await newClient({
      ...ADDRESS,
      taxId: 'DE123456789',
      buyerReference: ' 04011000-12345-67 ',
      electronicAddress: '04011000-12345-67',
      electronicAddressScheme: '0204',
    });
    expect(made).toMatchObject({
      countryCode: 'DE',
      street: 'Hauptstraße 1',
      city: 'Berlin',
      postalCode: '10115',
      buyerReference: '04011000-12345-67',
      electronicAddress: '04011000-12345-67',
      electronicAddressScheme: '0204',
    });
    expect(await ok(owner.client.get(`/api/clients/${made.id}`))).toMatchObject(made);
    const edited = await ok(owner.client.put(`/api/clients/${made.id}`, { countryCode: 'at' }));
    expect(edited.countryCode).toBe('AT');
    const alone = await owner.client.put(`/api/clients/${made.id}`, {
      electronicAddressScheme: null,
    });
    expect(alone.statusCode).toBe(400);
    expect(alone.body).toContain('Choose the scheme of the electronic address');
    const bad = await owner.client.post('/api/clients', {
      name: 'X',
      email: 'x@example.com',
      countryCode: 'Germany',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ISO 3166-1 alpha-2');
  });

  it('an existing client without them reads with nulls', async () => {
    const plain = await newClient();
    expect(plain).toMatchObject({ countryCode: null, buyerReference: null, street: null });
  });
});

describe('document lines', () => {
  it('answer the unit code and the tax category derived from the unit and the rate', async () => {
    const client = await newClient();
    const invoice = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        lines: [
          { description: 'Design', quantity: '2', unit: 'day', unitPrice: '450', taxRate: '19' },
          { description: 'Support', quantity: '1', unit: 'hour', unitPrice: '80' },
          { description: 'Licence', quantity: '1', unitPrice: '99', unit: 'seat' },
          { description: 'Hosting', quantity: '1', unitPrice: '10', unitCode: 'MON' },
        ],
      }),
      201,
    );
    const detail = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(detail.lines.map((l: any) => [l.unitCode, l.taxCategory, l.taxExemptionReason])).toEqual(
      [
        ['DAY', 'S', null],
        ['HUR', 'Z', null],
        ['C62', 'Z', null],
        ['MON', 'Z', null],
      ],
    );
  });

  it('check the category against the rate, naming the line', async () => {
    const client = await newClient();
    const line = { description: 'Consulting', quantity: '1', unitPrice: '100' };
    const standardAtZero = await owner.client.post('/api/invoices', {
      clientId: client.id,
      lines: [line, { ...line, taxCategory: 'S', taxRate: '0' }],
    });
    expect(standardAtZero.statusCode).toBe(400);
    expect(standardAtZero.body).toContain('Line 2: Standard rate needs a tax rate above 0');
    const reverseWithTax = await owner.client.post('/api/estimates', {
      clientId: client.id,
      lines: [{ ...line, taxCategory: 'AE', taxRate: '19' }],
    });
    expect(reverseWithTax.statusCode).toBe(400);
    expect(reverseWithTax.body).toContain('Line 1: Reverse charge needs a tax rate of 0');
    const reasonOnStandard = await owner.client.post('/api/invoices', {
      clientId: client.id,
      lines: [{ ...line, taxRate: '20', taxExemptionReason: 'Why not' }],
    });
    expect(reasonOnStandard.statusCode).toBe(400);
    expect(reasonOnStandard.body).toContain('Standard rate takes no exemption reason');
    const unknown = await owner.client.post('/api/invoices', {
      clientId: client.id,
      lines: [{ ...line, taxCategory: 'X' }],
    });
    expect(unknown.statusCode).toBe(400);
    const tooLong = await owner.client.post('/api/invoices', {
      clientId: client.id,
      lines: [{ ...line, taxCategory: 'E', taxExemptionReason: 'x'.repeat(301) }],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('at most 300 characters');

    const reverse = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        lines: [
          {
            ...line,
            taxCategory: 'AE',
            taxRate: '0',
            taxExemptionReason: 'Reverse charge: Art. 196 VAT Directive',
          },
        ],
      }),
      201,
    );
    const detail = await ok(owner.client.get(`/api/invoices/${reverse.id}`));
    expect(detail.lines[0]).toMatchObject({
      taxCategory: 'AE',
      taxRate: '0',
      taxExemptionReason: 'Reverse charge: Art. 196 VAT Directive',
    });
    // Sent back as answered, the line keeps its values.
    const again = await ok(
      owner.client.put(`/api/invoices/${reverse.id}`, { lines: detail.lines.map(sendable) }),
    );
    expect(again.id).toBe(reverse.id);
    const after = await ok(owner.client.get(`/api/invoices/${reverse.id}`));
    expect(after.lines[0].taxCategory).toBe('AE');
  });

  it('carry their codes into a recurring template and through estimate conversion', async () => {
    const client = await newClient();
    const line = {
      description: 'Retainer',
      quantity: '1',
      unit: 'month',
      unitPrice: '1000',
      taxCategory: 'K',
      taxExemptionReason: 'Intra-community supply',
    };
    const template = await ok(
      owner.client.post('/api/recurring-invoices', {
        clientId: client.id,
        frequency: 'monthly',
        startDate: '2026-12-01',
        lines: [line],
      }),
      201,
    );
    const read = await ok(owner.client.get(`/api/recurring-invoices/${template.id}`));
    expect(read.lines[0]).toMatchObject({
      unitCode: 'MON',
      taxCategory: 'K',
      taxExemptionReason: 'Intra-community supply',
    });
    const estimate = await ok(
      owner.client.post('/api/estimates', { clientId: client.id, lines: [line], status: 'sent' }),
      201,
    );
    await ok(owner.client.post(`/api/estimates/${estimate.id}/accept`, { name: 'Ann' }));
    const invoice = await ok(owner.client.post(`/api/estimates/${estimate.id}/convert`), 201);
    const converted = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(converted.lines[0]).toMatchObject({
      unitCode: 'MON',
      taxCategory: 'K',
      taxExemptionReason: 'Intra-community supply',
    });
  });
});

describe('invoices', () => {
  it('take references and a service period on drafts, refuse an end before the start, freeze them once issued', async () => {
    const client = await newClient();
    const draft = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        amount: '100',
        buyerReference: '04011000-12345-67',
        purchaseOrderReference: 'PO-778',
        servicePeriodStart: '2026-11-01',
        servicePeriodEnd: '2026-11-30',
      }),
      201,
    );
    expect(draft).toMatchObject({
      buyerReference: '04011000-12345-67',
      purchaseOrderReference: 'PO-778',
      servicePeriodStart: '2026-11-01',
      servicePeriodEnd: '2026-11-30',
    });
    const backwards = await owner.client.put(`/api/invoices/${draft.id}`, {
      servicePeriodEnd: '2026-10-31',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The service period must not end before it starts');
    const created = await owner.client.post('/api/invoices', {
      clientId: client.id,
      amount: '1',
      servicePeriodStart: '2026-11-02',
      servicePeriodEnd: '2026-11-01',
    });
    expect(created.statusCode).toBe(400);
    const edited = await ok(
      owner.client.put(`/api/invoices/${draft.id}`, { purchaseOrderReference: '' }),
    );
    expect(edited.purchaseOrderReference).toBeNull();
    await ok(owner.client.put(`/api/invoices/${draft.id}`, { status: 'sent' }));
    const frozen = await owner.client.put(`/api/invoices/${draft.id}`, { buyerReference: 'X' });
    expect(frozen.statusCode).toBe(409);
    expect((await ok(owner.client.get(`/api/invoices/${draft.id}`))).buyerReference).toBe(
      '04011000-12345-67',
    );
  });

  it('freeze the structured parties at issue; later client and profile edits do not reach them', async () => {
    await ok(
      owner.client.put('/api/settings/business', {
        ...ADDRESS,
        taxId: 'DE999999999',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      }),
    );
    const client = await newClient({
      countryCode: 'BE',
      street: 'Rue de la Loi 16',
      city: 'Bruxelles',
      postalCode: '1000',
      taxId: 'BE0123456749',
      buyerReference: 'REF-1',
      electronicAddress: '0123456749',
      electronicAddressScheme: '0208',
    });
    const invoice = await ok(
      owner.client.post('/api/invoices', { clientId: client.id, amount: '100', status: 'sent' }),
      201,
    );
    const issued = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(issued.buyer).toMatchObject({
      countryCode: 'BE',
      street: 'Rue de la Loi 16',
      city: 'Bruxelles',
      postalCode: '1000',
      taxId: 'BE0123456749',
      buyerReference: 'REF-1',
      electronicAddress: '0123456749',
      electronicAddressScheme: '0208',
    });
    expect(issued.seller).toMatchObject({
      countryCode: 'DE',
      street: 'Hauptstraße 1',
      taxId: 'DE999999999',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    await ok(
      owner.client.put(`/api/clients/${client.id}`, { countryCode: 'NL', buyerReference: 'NEW' }),
    );
    await ok(owner.client.put('/api/settings/business', { iban: 'GB82WEST12345698765432' }));
    const later = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(later.buyer).toEqual(issued.buyer);
    expect(later.seller).toEqual(issued.seller);
    // A draft shows the live parties.
    const draft = await ok(
      owner.client.post('/api/invoices', { clientId: client.id, amount: '5' }),
      201,
    );
    const live = await ok(owner.client.get(`/api/invoices/${draft.id}`));
    expect(live.buyer).toMatchObject({ countryCode: 'NL', buyerReference: 'NEW' });
    expect(live.seller.iban).toBe('GB82WEST12345698765432');
  });

  it('a party frozen before the structured fields still reads', async () => {
    const client = await newClient();
    const invoice = await ok(
      owner.client.post('/api/invoices', { clientId: client.id, amount: '100', status: 'sent' }),
      201,
    );
    const old = {
      name: 'Old Buyer',
      contactName: null,
      address: 'Somewhere',
      taxId: null,
      email: null,
    };
    await t.db
      .updateTable('invoices')
      .set({ buyer: JSON.stringify(old), seller: JSON.stringify({ ...old, name: 'Old Seller' }) })
      .where('id', '=', invoice.id)
      .execute();
    const read = await ok(owner.client.get(`/api/invoices/${invoice.id}`));
    expect(read.buyer).toEqual(old);
    expect(read.seller.name).toBe('Old Seller');
    const pdf = await owner.client.get(`/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
  });
});

/** An answered line as the API takes it back (what it computes left out). */
function sendable({ amount: _a, discount: _d, timeEntryCount: _t, ...line }: any) {
  return line;
}
