import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  EXPENSE_CSV_COLUMNS,
  EXPENSE_FIELDS,
  ExpenseInputSchema,
  ExpenseSchema,
  ExpenseUpdateSchema,
  expenseCsvRow,
  type Expense,
} from '../../../shared/expenses.schema.ts';
import {
  apiRulesOf,
  csvColumnsOf,
  formDefaultsOf,
  formSchemaOf,
  textOf,
  textOutputOf,
} from '../../../shared/fields.ts';
import { ExpenseFormSchema, expenseFormDefaults } from './expense-form.schema.ts';

/*
 * Issue 37 item 11: an expense's fields are described once (EXPENSE_FIELDS) and the API
 * schema, the form's rules and defaults and the CSV export all come from that list.
 */

const NAMES = Object.keys(EXPENSE_FIELDS) as (keyof typeof EXPENSE_FIELDS)[];

/** An expense with every described field set (none left null or empty). */
const saved: Expense = {
  id: 7,
  date: '2026-11-20',
  amount: '12.50',
  currency: 'EUR',
  categoryId: 3,
  category: { id: 3, name: 'Travel' },
  vendor: 'Deutsche Bahn',
  projectId: 4,
  project: { id: 4, name: 'Website' },
  clientId: 5,
  client: { id: 5, name: 'Acme' },
  billable: true,
  markupPercent: '10.00',
  billableAmount: '13.75',
  notes: 'Train to the workshop',
  receipt: null,
  invoiceId: null,
  invoice: null,
  invoiceLineId: null,
  draft: false,
  vendorTaxId: null,
  supplierInvoiceNumber: null,
  taxAmount: null,
  createdBy: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('EXPENSE_FIELDS', () => {
  it('every described field is a rule of the API, of its update and of its answer', () => {
    const answer = ExpenseSchema.shape;
    const update = ExpenseUpdateSchema.shape;
    for (const name of NAMES) {
      expect(Object.keys(update), name).toContain(name);
      expect(Object.keys(answer), name).toContain(name);
    }
    // The create rule takes every field: each parsed value is the one sent.
    const parsed = ExpenseInputSchema.parse(
      Object.fromEntries(NAMES.map((name) => [name, saved[name]])),
    );
    expect(Object.keys(parsed).sort()).toEqual([...NAMES].sort());
  });

  it("a saved expense's form defaults hold every field and submit it unchanged", () => {
    const defaults = expenseFormDefaults(saved, '2026-11-28', 'USD');
    expect(Object.keys(defaults).sort()).toEqual([...NAMES].sort());
    const submitted = ExpenseFormSchema.parse(defaults);
    // Decimals go back as the NumberInput holds them ("12.5"): the same amount.
    const same = (name: (typeof NAMES)[number], value: unknown) =>
      EXPENSE_FIELDS[name].kind === 'decimal' ? Number(value) : value;
    for (const name of NAMES)
      expect(same(name, submitted[name]), name).toEqual(same(name, saved[name]));
  });

  it("a new expense's form defaults: today, the workspace's currency, nothing else chosen", () => {
    expect(expenseFormDefaults(null, '2026-11-28', 'JPY')).toEqual({
      date: '2026-11-28',
      amount: '',
      currency: 'JPY',
      categoryId: null,
      vendor: '',
      projectId: null,
      clientId: null,
      billable: false,
      markupPercent: 0,
      notes: '',
    });
    // Submitted as it starts, the form asks for the amount, with the API's message.
    const result = ExpenseFormSchema.safeParse(expenseFormDefaults(null, '2026-11-28', 'JPY'));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', 'Amount is required'],
    ]);
  });

  it('the form carries the API messages to its fields', () => {
    const values = { ...expenseFormDefaults(saved, '2026-11-28', 'USD'), amount: 1.5 };
    const result = ExpenseFormSchema.safeParse({ ...values, currency: 'JPY' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', 'JPY amounts have no decimals'],
    ]);
  });

  it('the CSV export has a column per described field, in the order it always had', () => {
    expect(EXPENSE_CSV_COLUMNS).toEqual([
      'Date',
      'Amount',
      'Currency',
      'Category',
      'Vendor',
      'Project',
      'Client',
      'Billable',
      'Markup %',
      'Billable Amount',
      'Invoice',
      'Receipt',
      'Notes',
    ]);
    const row = expenseCsvRow(saved);
    expect(Object.keys(row).sort()).toEqual([...EXPENSE_CSV_COLUMNS].sort());
    for (const name of NAMES) expect(row[EXPENSE_FIELDS[name].title], name).not.toBe('');
    expect(row).toMatchObject({
      Category: 'Travel',
      Vendor: 'Deutsche Bahn',
      Billable: 'Yes',
      'Markup %': '10.00',
      'Billable Amount': '13.75',
      Notes: 'Train to the workshop',
    });
  });

  it('one more described text field reaches the API, the answer, the form and the CSV', () => {
    const fields = {
      ...EXPENSE_FIELDS,
      reference: textOf({
        label: 'Reference',
        title: 'Reference',
        max: 40,
        input: 'text',
        placeholder: 'INV-1234',
        headers: [],
      }),
    };
    const api = z.object(apiRulesOf(fields));
    expect(api.shape.reference.parse('  R-1 ')).toBe('R-1');
    expect(api.shape.reference.safeParse('x'.repeat(41)).error?.issues[0]?.message).toBe(
      'Reference must be less than 40 characters',
    );
    expect(Object.keys(textOutputOf(fields))).toEqual(['vendor', 'notes', 'reference']);
    const withReference = { ...saved, reference: 'R-1' };
    const defaults = formDefaultsOf(fields, withReference);
    expect(defaults.reference).toBe('R-1');
    expect(formSchemaOf(fields, api).parse(defaults).reference).toBe('R-1');
    // Single-line, so before the computed columns and the notes.
    expect(csvColumnsOf(fields, ['Billable Amount']).slice(-3)).toEqual([
      'Reference',
      'Billable Amount',
      'Notes',
    ]);
  });
});
