import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../../../tests/support/pdf-text.ts';
import { formatMoney } from '../../../shared/money.ts';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts';

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    number: 'INV-0042',
    status: 'sent',
    issueDate: '2025-03-07',
    dueDate: '2025-04-06',
    dateFormat: 'DD/MM/YYYY',
    currency: 'EUR',
    seller: {
      name: 'Jürgen Müller Design',
      contactName: 'Jürgen Müller',
      address: 'Königstraße 12\r\n70173 Stuttgart\nGermany',
      taxId: 'DE123456789',
      email: 'jurgen@example.com',
    },
    buyer: {
      name: 'Łódź Studio Ελλάδα',
      contactName: 'Αθηνά Παπαδοπούλου',
      address: 'ul. Piotrkowska 1\n90-001 Łódź\nPoland',
      taxId: null,
      email: 'office@lodz.example',
    },
    lines: [
      {
        description: 'Brand identity workshop',
        quantity: '1',
        unitPrice: '600.00',
        taxRate: '20',
        amount: '600.00',
      },
      {
        description:
          'Website design for the Москва office, including a fine-grained style guide, ' +
          'responsive layouts for every template and two rounds of revisions',
        quantity: '2.5',
        unitPrice: '160.00',
        taxRate: '20',
        amount: '400.00',
      },
    ],
    subtotal: '1000.00',
    discount: '0.00',
    discountLabel: null,
    taxes: [{ rate: '20', base: '1000.00', amount: '200.00' }],
    total: '1200.00',
    paid: '0.00',
    balance: '1200.00',
    notes: 'Thank you for your business.',
    paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00\r\nBIC COBADEFFXXX',
    footer: 'Jürgen Müller Design · Königstraße 12 · Stuttgart',
    ...overrides,
  };
}

describe('renderInvoicePdf', () => {
  it('renders the number, Unicode parties, lines, taxes and totals', async () => {
    const bytes = await renderInvoicePdf(
      invoice({
        discount: '100.00',
        discountLabel: 'Discount (10 %)',
        subtotal: '1111.11',
        total: '1234.50',
        paid: '234.50',
        balance: '1000.00',
      }),
    );
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('INV-0042');
    expect(text).toContain('Jürgen Müller Design');
    expect(text).toContain('Łódź Studio Ελλάδα');
    expect(text).toContain('Αθηνά Παπαδοπούλου');
    expect(text).toContain('Königstraße 12');
    expect(text).toContain('Tax ID: DE123456789');
    expect(text).toContain('Brand identity workshop');
    // The long description is wrapped over several lines, all of them present.
    expect(text).toContain('Website design for the Москва office');
    expect(text).toContain('two rounds of revisions');
    expect(text).toContain('Tax 20 % on €1,000.00');
    expect(text).toContain('Discount (10 %)');
    expect(text).toContain('-€100.00');
    expect(text).toContain('€1,111.11');
    expect(text).toContain('€1,234.50');
    expect(text).toContain('Balance due');
    expect(text).toContain('€1,000.00');
    expect(text).toContain('07/03/2025');
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
    expect(text).toContain('BIC COBADEFFXXX');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('DRAFT');
  });

  it("prints its dates in the workspace's date format, one format for both", async () => {
    const cases = [
      ['DD/MM/YYYY', ['07/03/2025', '06/04/2025']],
      ['MM/DD/YYYY', ['Mar 07, 2025', 'Apr 06, 2025']],
      ['YYYY-MM-DD', ['2025-03-07', '2025-04-06']],
    ] as const;
    for (const [dateFormat, dates] of cases) {
      const text = await pdfText(await renderInvoicePdf(invoice({ dateFormat })));
      for (const date of dates) expect(text).toContain(date);
      expect(text).not.toContain('7 Mar 2025');
    }
  });

  it('prints DRAFT for an invoice without a number, and VOID for a void one', async () => {
    const draft = await pdfText(await renderInvoicePdf(invoice({ number: null, status: 'draft' })));
    expect(draft).toContain('DRAFT');
    expect(draft).toContain('Draft invoice');
    const voided = await pdfText(await renderInvoicePdf(invoice({ status: 'void' })));
    expect(voided).toContain('VOID');
  });

  it('prints the structured address of a party that has no typed one, else the typed one', async () => {
    const text = await pdfText(
      await renderInvoicePdf(
        invoice({
          seller: {
            name: 'Structured Seller GmbH',
            address: null,
            taxId: 'DE123456789',
            email: null,
            street: 'Hauptstraße 5',
            postalCode: '10115',
            city: 'Berlin',
            countryCode: 'DE',
          },
          buyer: {
            name: 'Typed Buyer',
            address: '1 Typed Road',
            taxId: null,
            email: null,
            street: 'Structured Lane 9',
            city: 'Paris',
            countryCode: 'FR',
          },
        }),
      ),
    );
    expect(text).toContain('Hauptstraße 5');
    expect(text).toContain('10115 Berlin');
    expect(text).toContain('Germany');
    expect(text).toContain('1 Typed Road');
    expect(text).not.toContain('Structured Lane 9');
  });

  it('breaks a long invoice over several pages', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      description: `Item ${i + 1} – consulting hours${i % 7 === 0 ? ' with a longer description that wraps onto a second line of the description column' : ''}`,
      quantity: '1',
      unitPrice: '10.00',
      taxRate: '0',
      amount: '10.00',
    }));
    const bytes = await renderInvoicePdf(
      invoice({
        lines,
        subtotal: '1200.00',
        taxes: [{ rate: '0', base: '1200.00', amount: '0.00' }],
        total: '1200.00',
        balance: '1200.00',
      }),
    );
    const pages = await pdfPageCount(bytes);
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = await pdfText(bytes);
    for (let i = 1; i <= 120; i++) expect(text).toContain(`Item ${i} – consulting hours`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The table header is repeated on every page.
    expect(text.match(/Unit price/g)).toHaveLength(pages);
  });

  it('formats amounts with the decimals of the currency', async () => {
    expect(formatMoney('1200', 'JPY')).toBe('¥1,200');
    expect(formatMoney('12.345', 'KWD')).toMatch(/^KWD\s12\.345$/);
    expect(formatMoney('1234.50', 'EUR')).toBe('€1,234.50');
    // No float rounding on large exact decimals.
    expect(formatMoney('9007199254740993.01', 'USD')).toBe('$9,007,199,254,740,993.01');

    const yen = await pdfText(
      await renderInvoicePdf(
        invoice({
          currency: 'JPY',
          lines: [
            {
              description: 'Logo',
              quantity: '1',
              unitPrice: '1200',
              taxRate: '10',
              amount: '1200',
            },
          ],
          subtotal: '1200',
          taxes: [{ rate: '10', base: '1200', amount: '120' }],
          total: '1320',
          balance: '1320',
          paid: '0',
          discount: '0',
        }),
      ),
    );
    expect(yen).toContain('¥1,320');
    expect(yen).toContain('Tax 10 % on ¥1,200');

    const dinar = await pdfText(
      await renderInvoicePdf(
        invoice({
          currency: 'KWD',
          lines: [
            {
              description: 'Audit',
              quantity: '1',
              unitPrice: '12.345',
              taxRate: '0',
              amount: '12.345',
            },
          ],
          subtotal: '12.345',
          taxes: [],
          total: '12.345',
          balance: '12.345',
          paid: '0.000',
          discount: '0.000',
        }),
      ),
    );
    expect(dinar).toMatch(/KWD\s12\.345/);
  });

  it('drops characters the font cannot draw instead of throwing', async () => {
    const bytes = await renderInvoicePdf(
      invoice({
        seller: {
          name: 'Rocket 🚀 Labs\u0007',
          address: 'Line\tone\u0000\r\nLine two 👩‍💻',
          taxId: null,
          email: null,
        },
        lines: [
          {
            description: 'Party 🎉 planning\u001b[0m with emoji',
            quantity: '1',
            unitPrice: '5.00',
            taxRate: '0',
            amount: '5.00',
          },
        ],
        notes: '✓ done ☃ \u200b',
      }),
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Rocket');
    expect(text).toContain('Labs');
    expect(text).toContain('Party');
    expect(text).toContain('planning');
  });
});
