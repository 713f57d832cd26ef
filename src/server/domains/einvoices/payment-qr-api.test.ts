import { beforeAll, describe, expect, it } from 'vitest';
import { decodePdfQr } from '../../../../tests/support/pdf-qr.ts';
import { pdfPageCount } from '../../../../tests/support/pdf-text.ts';
import { ok } from '../../../../tests/support/responses.ts';
import { ApiClient, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import { creditorReference } from './payment-qr.ts';

/* Issue 41, item 7: the balance of an issued invoice as a payment QR code, read back from
   the PDF the API answers (and the portal's answer) as a banking app would read it. */

const { t, owner, other } = useTwoWorkspaces('QR Pay Studio', 'Other Studio');

let visitor: ApiClient;
beforeAll(() => {
  visitor = new ApiClient(t.app);
});

const GERMAN_SELLER = {
  legalName: 'Jürgen Müller Design',
  countryCode: 'DE',
  street: 'Königstraße 12',
  city: 'Stuttgart',
  postalCode: '70173',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};

const SWISS_SELLER = {
  legalName: 'Robert Schneider AG',
  countryCode: 'CH',
  street: 'Rue du Lac 1268',
  city: 'Biel',
  postalCode: '2501',
  iban: 'CH93 0076 2011 6238 5295 7',
  bic: null,
};

async function newClient(fields: object) {
  return ok(owner.client.post('/api/clients', { email: 'ap@client.example.com', ...fields }), 201);
}

async function issue(clientId: number, amount: string, currency: string) {
  return ok(
    owner.client.post('/api/invoices', { clientId, amount, currency, status: 'sent' }),
    201,
  ) as Promise<{ id: number; invoiceNumber: string }>;
}

/** The QR code's text on the invoice PDF's last page, or null. */
async function pdfQr(invoiceId: number): Promise<string | null> {
  const res = await owner.client.get(`/api/invoices/${invoiceId}/pdf`);
  expect(res.statusCode, res.body).toBe(200);
  const pdf = new Uint8Array(res.rawPayload);
  return decodePdfQr(pdf, await pdfPageCount(pdf));
}

function epcFields(payload: string) {
  const [service, version, charset, sct, bic, name, iban, amount, , , remittance] =
    payload.split('\n');
  expect([service, version, charset, sct]).toEqual(['BCD', '002', '1', 'SCT']);
  return { bic, name, iban, amount, remittance };
}

describe('payment QR codes on issued invoices', () => {
  it('an EUR invoice carries the EPC code of its balance, in the PDF and in the portal', async () => {
    await ok(owner.client.put('/api/settings/business', GERMAN_SELLER));
    const client = await newClient({ name: 'Acme GmbH', currency: 'EUR' });
    const invoice = await issue(client.id, '1234.00', 'EUR');

    expect(epcFields((await pdfQr(invoice.id))!)).toEqual({
      bic: 'COBADEFFXXX',
      name: 'Jürgen Müller Design',
      iban: 'DE89370400440532013000',
      amount: 'EUR1234.00',
      remittance: invoice.invoiceNumber,
    });

    // A part payment: the code asks for what is left.
    await ok(
      owner.client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: '234.50',
        date: '2026-11-20',
      }),
      201,
    );
    const afterPayment = (await pdfQr(invoice.id))!;
    expect(epcFields(afterPayment).amount).toBe('EUR999.50');

    // The portal shows the same code, labelled for screen readers.
    const link = await ok(owner.client.post(`/api/clients/${client.id}/portal-link`), 201);
    const token = (link as { url: string }).url.split('/portal/')[1]!;
    const portal = await ok(visitor.get(`/api/portal/${token}/invoices/${invoice.id}`));
    expect(portal.paymentQr).toMatchObject({
      kind: 'epc',
      label: 'Scan to pay €999.50 by bank transfer',
      payload: afterPayment,
    });
    expect(portal.paymentQr.image).toMatch(/^data:image\/svg\+xml;base64,/);

    // Paid in full: nothing left to scan.
    await ok(
      owner.client.post(`/api/invoices/${invoice.id}/payments`, {
        amount: '999.50',
        date: '2026-11-21',
      }),
      201,
    );
    expect(await pdfQr(invoice.id)).toBeNull();
    expect((await ok(visitor.get(`/api/portal/${token}/invoices/${invoice.id}`))).paymentQr).toBe(
      null,
    );

    // Another workspace reads neither the invoice nor its PDF.
    expect((await other.client.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
  });

  it('a USD invoice and a draft have no code', async () => {
    await ok(owner.client.put('/api/settings/business', GERMAN_SELLER));
    const client = await newClient({ name: 'Dollar Inc', currency: 'USD' });
    const usd = await issue(client.id, '500.00', 'USD');
    expect(await pdfQr(usd.id)).toBeNull();
    const draft = await ok(
      owner.client.post('/api/invoices', { clientId: client.id, amount: '10', currency: 'EUR' }),
      201,
    );
    expect(await pdfQr(draft.id)).toBeNull();
  });

  it('a CHF invoice of a Swiss seller carries a QR-bill whose code decodes right', async () => {
    await ok(owner.client.put('/api/settings/business', SWISS_SELLER));
    const client = await newClient({
      name: 'Pia Rutschmann',
      currency: 'CHF',
      countryCode: 'CH',
      street: 'Grosse Marktgasse 28',
      postalCode: '9400',
      city: 'Rorschach',
    });
    const invoice = await issue(client.id, '1949.75', 'CHF');
    const lines = (await pdfQr(invoice.id))!.split('\n');
    expect({
      header: lines.slice(0, 3),
      iban: lines[3],
      creditor: lines.slice(4, 11),
      ultimateCreditor: lines.slice(11, 18),
      amount: lines[18],
      currency: lines[19],
      debtor: lines.slice(20, 27),
      reference: lines.slice(27, 29),
      message: lines[29],
      trailer: lines[30],
    }).toEqual({
      header: ['SPC', '0200', '1'],
      iban: 'CH9300762011623852957',
      creditor: ['S', 'Robert Schneider AG', 'Rue du Lac', '1268', '2501', 'Biel', 'CH'],
      ultimateCreditor: ['', '', '', '', '', '', ''],
      amount: '1949.75',
      currency: 'CHF',
      debtor: ['S', 'Pia Rutschmann', 'Grosse Marktgasse', '28', '9400', 'Rorschach', 'CH'],
      reference: ['SCOR', creditorReference(invoice.invoiceNumber)],
      message: invoice.invoiceNumber,
      trailer: 'EPD',
    });
    expect(lines).toHaveLength(31);
  });
});
