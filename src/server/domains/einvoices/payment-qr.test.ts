import { describe, expect, it } from 'vitest';
import { decodePdfQr } from '../../../../tests/support/pdf-qr.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { renderInvoicePdf, type InvoiceDocument } from '../invoices/invoice-pdf.ts';
import {
  PaymentQrError,
  creditorReference,
  epcPayload,
  isCreditorReference,
  paymentQrFor,
  qrReference,
  splitStreet,
  swissQrBill,
  type PaymentRequest,
} from './payment-qr.ts';

const GERMAN: PaymentRequest = {
  currency: 'EUR',
  amount: '1234.5',
  invoiceNumber: 'INV-0042',
  creditor: {
    name: 'Jürgen Müller Design',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    street: 'Königstraße 12',
    postalCode: '70173',
    city: 'Stuttgart',
    countryCode: 'DE',
  },
  debtor: { name: 'Acme Studio Ltd', countryCode: 'GB' },
};

const SWISS: PaymentRequest = {
  currency: 'CHF',
  amount: '1949.75',
  invoiceNumber: 'INV-2026-0007',
  creditor: {
    name: 'Robert Schneider AG',
    iban: 'CH93 0076 2011 6238 5295 7',
    bic: null,
    street: 'Rue du Lac 1268',
    postalCode: '2501',
    city: 'Biel',
    countryCode: 'CH',
  },
  debtor: {
    name: 'Pia-Maria Rutschmann-Schnyder',
    street: 'Grosse Marktgasse 28',
    postalCode: '9400',
    city: 'Rorschach',
    countryCode: 'CH',
  },
};

const with_ = (base: PaymentRequest, over: Partial<PaymentRequest>): PaymentRequest => ({
  ...base,
  ...over,
});
const creditor = (base: PaymentRequest, over: Partial<PaymentRequest['creditor']>) =>
  with_(base, { creditor: { ...base.creditor, ...over } });

describe('EPC QR payload', () => {
  it('is the EPC069-12 version 002 text, lines joined with LF', () => {
    expect(epcPayload(GERMAN)).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Jürgen Müller Design',
        'DE89370400440532013000',
        'EUR1234.50',
        '',
        '',
        'INV-0042',
      ].join('\n'),
    );
  });

  it('leaves the BIC empty when there is none (optional in version 002)', () => {
    const lines = epcPayload(creditor(GERMAN, { bic: null })).split('\n');
    expect(lines[4]).toBe('');
    expect(lines).toHaveLength(11);
  });

  it('keeps the amount within 0.01 and 999,999,999.99', () => {
    expect(epcPayload(with_(GERMAN, { amount: '0.01' }))).toContain('\nEUR0.01\n');
    expect(epcPayload(with_(GERMAN, { amount: '999999999.99' }))).toContain('\nEUR999999999.99\n');
    expect(() => epcPayload(with_(GERMAN, { amount: '0.00' }))).toThrow(PaymentQrError);
    expect(() => epcPayload(with_(GERMAN, { amount: '1000000000.00' }))).toThrow(
      /at most 999,999,999.99/,
    );
    expect(() => epcPayload(with_(GERMAN, { amount: '12.345' }))).toThrow(/2 decimals/);
  });

  it('cuts the name at 70 characters and stays within 331 bytes', () => {
    const payload = epcPayload(creditor(GERMAN, { name: 'Ä'.repeat(90) }));
    expect(payload.split('\n')[5]).toBe('Ä'.repeat(70));
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(331);
    // 70 four-byte characters and a 140-character reference do not fit in 331 bytes.
    expect(() =>
      epcPayload({
        ...creditor(GERMAN, { name: '𝔸'.repeat(70) }),
        invoiceNumber: 'N'.repeat(140),
      }),
    ).toThrow(/331 bytes/);
  });

  it('refuses what a bank would refuse', () => {
    expect(() => epcPayload(with_(GERMAN, { currency: 'USD' }))).toThrow(/euros/);
    expect(() => epcPayload(creditor(GERMAN, { iban: 'DE89370400440532013001' }))).toThrow(/IBAN/);
    expect(() => epcPayload(creditor(GERMAN, { iban: null }))).toThrow(/IBAN/);
    expect(() => epcPayload(creditor(GERMAN, { bic: 'NOTABIC' }))).toThrow(/BIC/);
    expect(() => epcPayload(creditor(GERMAN, { name: '  ' }))).toThrow(/name/);
    expect(() => epcPayload(with_(GERMAN, { invoiceNumber: 'X'.repeat(141) }))).toThrow(/140/);
  });
});

describe('references', () => {
  it('builds ISO 11649 creditor references with their check digits', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034'); // the standard's example
    const ref = creditorReference('inv-0042')!;
    expect(ref).toMatch(/^RF\d{2}INV0042$/);
    expect(isCreditorReference(ref)).toBe(true);
    expect(isCreditorReference(ref.replace('0042', '0043'))).toBe(false);
    expect(creditorReference('---')).toBeNull();
    expect(creditorReference('A'.repeat(22))).toBeNull();
  });

  it('builds QR references with the modulo 10 recursive check digit', () => {
    // The Swiss Payment Standards' example: 21 00000 00003 13947 14300 09017.
    expect(qrReference('21000000000313947143000901')).toBe('210000000003139471430009017');
    expect(qrReference('INV-0042')).toBe(
      `${'42'.padStart(26, '0')}${qrReference('INV-0042')!.at(-1)}`,
    );
    expect(qrReference('INV')).toBeNull();
  });

  it('splits the building number off a street', () => {
    expect(splitStreet('Rue du Lac 1268')).toEqual({
      street: 'Rue du Lac',
      buildingNumber: '1268',
    });
    expect(splitStreet('Bahnhofstrasse 12 a')).toEqual({
      street: 'Bahnhofstrasse',
      buildingNumber: '12a',
    });
    expect(splitStreet('Postfach')).toEqual({ street: 'Postfach', buildingNumber: '' });
  });
});

describe('Swiss QR-bill payload', () => {
  it('is SPC 0200 with structured addresses, SCOR reference and the trailer EPD', () => {
    const bill = swissQrBill(SWISS);
    const scor = creditorReference('INV-2026-0007')!;
    expect(bill.payload).toBe(
      [
        'SPC',
        '0200',
        '1',
        'CH9300762011623852957',
        'S',
        'Robert Schneider AG',
        'Rue du Lac',
        '1268',
        '2501',
        'Biel',
        'CH',
        ...Array(7).fill(''),
        '1949.75',
        'CHF',
        'S',
        'Pia-Maria Rutschmann-Schnyder',
        'Grosse Marktgasse',
        '28',
        '9400',
        'Rorschach',
        'CH',
        'SCOR',
        scor,
        'INV-2026-0007',
        'EPD',
      ].join('\n'),
    );
    expect(bill.payload.split('\n')).toHaveLength(31);
  });

  it('leaves the debtor empty when its address is not known', () => {
    const lines = swissQrBill(with_(SWISS, { debtor: { name: 'Someone' } })).payload.split('\n');
    expect(lines.slice(20, 27)).toEqual(Array(7).fill(''));
  });

  it('uses a QR reference with a QR-IBAN and refuses the wrong pairings', () => {
    const qrIban = creditor(SWISS, { iban: 'CH44 3199 9123 0008 8901 2' });
    const bill = swissQrBill(qrIban);
    expect(bill.reference.type).toBe('QRR');
    expect(bill.payload.split('\n').slice(27, 29)).toEqual(['QRR', qrReference('INV-2026-0007')]);
    expect(() => swissQrBill(SWISS, 'QRR')).toThrow(/QR-IBAN/);
    expect(() => swissQrBill(qrIban, 'SCOR')).toThrow(/QR reference/);
    expect(swissQrBill(SWISS, 'NON').payload.split('\n').slice(27, 29)).toEqual(['NON', '']);
  });

  it('writes characters outside the Swiss set without accents or as dots', () => {
    const bill = swissQrBill(creditor(SWISS, { name: 'Nguyễn Ελλάς GmbH' }));
    expect(bill.creditor.name).toBe('Nguyen ..... GmbH');
  });

  it('refuses other currencies, foreign IBANs and creditors without an address', () => {
    expect(() => swissQrBill(with_(SWISS, { currency: 'USD' }))).toThrow(/CHF or EUR/);
    expect(() => swissQrBill(creditor(SWISS, { iban: GERMAN.creditor.iban }))).toThrow(/CH or LI/);
    expect(() => swissQrBill(creditor(SWISS, { city: null }))).toThrow(/town/);
  });
});

describe('paymentQrFor', () => {
  it('chooses the code from the currency, the seller and the balance', () => {
    expect(paymentQrFor(GERMAN)?.kind).toBe('epc');
    expect(paymentQrFor(SWISS)?.kind).toBe('swiss');
    expect(paymentQrFor(with_(SWISS, { currency: 'EUR' }))?.kind).toBe('swiss');
    expect(paymentQrFor(with_(GERMAN, { currency: 'USD' }))).toBeNull();
    expect(paymentQrFor(with_(GERMAN, { currency: 'CHF' }))).toBeNull();
    expect(paymentQrFor(with_(GERMAN, { amount: '0.00' }))).toBeNull();
    expect(paymentQrFor(with_(GERMAN, { amount: '-5.00' }))).toBeNull();
    expect(paymentQrFor(creditor(GERMAN, { iban: null }))).toBeNull();
    expect(paymentQrFor(creditor(GERMAN, { iban: 'DE00 0000' }))).toBeNull();
    // A Swiss IBAN of a seller elsewhere pays by EPC in euros.
    expect(
      paymentQrFor(creditor(with_(SWISS, { currency: 'EUR' }), { countryCode: 'DE' }))?.kind,
    ).toBe('epc');
  });
});

// ---------------------------------------------------------------------------------------
// Decoding the rendered PDF

function invoice(
  request: PaymentRequest,
  overrides: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  return {
    number: request.invoiceNumber,
    status: 'sent',
    issueDate: '2026-11-02',
    dueDate: '2026-12-02',
    dateFormat: 'DD/MM/YYYY',
    currency: request.currency,
    seller: {
      name: request.creditor.name,
      address: `${request.creditor.street}\n${request.creditor.postalCode} ${request.creditor.city}`,
      taxId: null,
      email: 'billing@example.com',
    },
    buyer: { name: request.debtor?.name ?? 'Client', address: null, taxId: null, email: null },
    lines: [
      {
        description: 'Design work',
        quantity: '1',
        unitPrice: '1234.50',
        taxRate: '',
        amount: '1234.50',
      },
    ],
    subtotal: request.amount,
    discount: '0.00',
    discountLabel: null,
    taxes: [],
    total: request.amount,
    paid: '0.00',
    balance: request.amount,
    notes: null,
    paymentInstructions: null,
    footer: 'Thank you for your business.',
    paymentQr: paymentQrFor(request),
    ...overrides,
  };
}

describe('the invoice PDF', () => {
  it('carries an EPC code that decodes to the transfer', async () => {
    const pdf = await renderInvoicePdf(invoice(GERMAN));
    const [, , , , bic, name, iban, amount, purpose, structured, remittance] = (await decodePdfQr(
      pdf,
      1,
    ))!.split('\n');
    expect({ bic, name, iban, amount, purpose, structured, remittance }).toEqual({
      bic: 'COBADEFFXXX',
      name: 'Jürgen Müller Design',
      iban: 'DE89370400440532013000',
      amount: 'EUR1234.50',
      purpose: '',
      structured: '',
      remittance: 'INV-0042',
    });
    const text = await pdfText(pdf);
    expect(text).toContain('Pay by bank transfer');
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
  });

  it('has no code without one to draw', async () => {
    const pdf = await renderInvoicePdf(invoice(with_(GERMAN, { currency: 'USD' })));
    expect(await decodePdfQr(pdf, 1)).toBeNull();
    expect(await pdfText(pdf)).not.toContain('Pay by bank transfer');
  });

  it('ends with a Swiss QR-bill whose code decodes to its payload', async () => {
    const pdf = await renderInvoicePdf(invoice(SWISS));
    const decoded = (await decodePdfQr(pdf, 1))!;
    expect(decoded).toBe(swissQrBill(SWISS).payload);
    const lines = decoded.split('\n');
    expect({
      iban: lines[3],
      creditor: lines.slice(4, 11),
      amount: lines[18],
      currency: lines[19],
      debtor: lines.slice(20, 27),
      reference: lines.slice(27, 29),
      message: lines[29],
      trailer: lines[30],
    }).toEqual({
      iban: 'CH9300762011623852957',
      creditor: ['S', 'Robert Schneider AG', 'Rue du Lac', '1268', '2501', 'Biel', 'CH'],
      amount: '1949.75',
      currency: 'CHF',
      debtor: [
        'S',
        'Pia-Maria Rutschmann-Schnyder',
        'Grosse Marktgasse',
        '28',
        '9400',
        'Rorschach',
        'CH',
      ],
      reference: ['SCOR', creditorReference('INV-2026-0007')],
      message: 'INV-2026-0007',
      trailer: 'EPD',
    });
    const text = await pdfText(pdf);
    for (const label of [
      'Receipt',
      'Payment part',
      'Acceptance point',
      'Separate before paying in',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('1 949.75');
  });
});
