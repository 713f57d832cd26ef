import { describe, expect, it } from 'vitest';
import {
  DocumentFormSchema,
  documentFormDefaults,
  documentFormValues,
  documentInput,
  DocumentLineInputSchema,
} from './document-fields.ts';
import { InvoiceUpdateSchema } from './invoices.schema.ts';

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the document fields, described once', () => {
  it('gives a new document one line with the API defaults, which the form asks to complete', () => {
    const defaults = documentFormDefaults('KWD');
    expect(defaults.lines).toEqual([
      {
        description: '',
        quantity: '1',
        unit: '',
        unitPrice: '',
        taxRate: '0',
        taxCategory: '',
        taxExemptionReason: '',
      },
    ]);
    expect(messages(DocumentFormSchema.safeParse(defaults))).toEqual([
      'lines.0.description: Description is required',
      'lines.0.unitPrice: Unit price is required',
    ]);
    // The API takes a line without a tax rate (the server stores the form's new line's 0,
    // or the rate of the service the line names); without a service, description and unit
    // price are required.
    expect(
      DocumentLineInputSchema.parse({ description: 'Work', quantity: '1', unitPrice: '2' }).taxRate,
    ).toBeUndefined();
    expect(messages(DocumentLineInputSchema.safeParse({ quantity: '1' }))).toEqual([
      'description: Description is required',
      'unitPrice: Unit price is required',
    ]);
    expect(DocumentLineInputSchema.safeParse({ serviceId: 3, quantity: '2' }).success).toBe(true);
    // A unit is trimmed, empty is none, left out stays left out (a service's is copied).
    const unitOf = (unit?: string | null) =>
      DocumentLineInputSchema.parse({ serviceId: 3, quantity: '2', unit }).unit;
    expect([unitOf(' day '), unitOf(''), unitOf(null), unitOf(undefined)]).toEqual([
      'day',
      null,
      null,
      undefined,
    ]);
    expect(
      messages(DocumentLineInputSchema.safeParse({ serviceId: 3, quantity: '2', unit: 'a\nb' })),
    ).toEqual(['unit: Unit must not contain line breaks or control characters']);
  });

  it('hands the API exact decimal text from the inputs, never a rounded float', () => {
    const values = DocumentFormSchema.parse({
      currency: 'KWD',
      lines: [
        {
          id: 7,
          description: ' Design ',
          quantity: 1.25,
          unit: ' hour ',
          unitPrice: 1.005,
          taxRate: 12.345,
        },
        { description: 'Hosting', quantity: '3', unit: '', unitPrice: '12.345', taxRate: '0' },
      ],
      discountType: 'percent',
      discountValue: 33.333,
      notes: '  ',
    });
    const input = documentInput(values);
    expect(input).toEqual({
      currency: 'KWD',
      lines: [
        {
          id: 7,
          description: 'Design',
          quantity: '1.25',
          unit: 'hour',
          unitPrice: '1.005',
          taxRate: '12.345',
          taxCategory: null,
          taxExemptionReason: null,
        },
        // An empty unit is none; a category left to the rate is sent as none (derived).
        {
          description: 'Hosting',
          quantity: '3',
          unit: null,
          unitPrice: '12.345',
          taxRate: '0',
          taxCategory: null,
          taxExemptionReason: null,
        },
      ],
      discount: { type: 'percent', value: '33.333' },
      notes: null,
    });
    expect(InvoiceUpdateSchema.safeParse({ id: 1, ...input }).success).toBe(true);
  });

  it("checks the form's lines with the API's own messages", () => {
    const result = DocumentFormSchema.safeParse({
      ...documentFormDefaults('USD'),
      lines: [
        { description: 'x'.repeat(2001), quantity: 100_001, unitPrice: '1.2345', taxRate: 101 },
      ],
    });
    expect(messages(result)).toEqual([
      'lines.0.description: Description must be less than 2000 characters',
      'lines.0.quantity: Quantity must be at most 100,000',
      'lines.0.unitPrice: Unit price must be a number like 12.500, with at most 3 decimals',
      'lines.0.taxRate: Tax rate must be at most 100',
    ]);
  });

  it('shows a stored document in the form as written, and saves it back unchanged', () => {
    const stored = {
      currency: 'USD',
      lines: [
        {
          id: 3,
          description: 'Work',
          quantity: '1.50',
          unit: 'day',
          unitPrice: '99.90',
          taxRate: '20',
        },
      ],
      discount: { type: 'amount' as const, value: '5.00' },
      notes: 'Thanks',
    };
    const values = documentFormValues(stored);
    expect(values.lines[0]).toEqual({
      id: 3,
      description: 'Work',
      quantity: '1.5',
      unit: 'day',
      unitPrice: '99.90',
      taxRate: '20',
      taxCategory: '',
      taxExemptionReason: '',
    });
    expect(documentInput(DocumentFormSchema.parse(values))).toEqual({
      currency: 'USD',
      lines: [
        {
          id: 3,
          description: 'Work',
          quantity: '1.5',
          unit: 'day',
          unitPrice: '99.90',
          taxRate: '20',
          taxCategory: null,
          taxExemptionReason: null,
        },
      ],
      discount: { type: 'amount', value: '5.00' },
      notes: 'Thanks',
    });
  });
});
