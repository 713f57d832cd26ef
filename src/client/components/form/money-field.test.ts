import { describe, expect, it } from 'vitest';
import { toAmountText } from './money-field.ts';
import { InvoiceFormSchema } from '../../features/invoices/invoice-form.schema.ts';
import { OpportunityFormSchema } from '../../features/pipeline/opportunity-form.schema.ts';
import {
  ProjectFormSchema,
  projectFormDefaults,
} from '../../features/projects/project-form.schema.ts';

describe('money in the forms', () => {
  it("sends the Create Invoice dialog's amount as typed, with up to three decimals", () => {
    const invoice = (amount: number | string) =>
      InvoiceFormSchema.safeParse({
        clientId: 1,
        projectId: null,
        invoiceNumber: '',
        amount,
        dueDate: '',
        timeEntryIds: [],
        timeGrouping: 'entry',
      });
    // The number input hands over numbers: 1.005 was sent as "1.00", 12.345 as "12.35".
    expect(invoice(1.005).data?.amount).toBe('1.005');
    expect(invoice(12.345).data?.amount).toBe('12.345');
    expect(invoice('').data?.amount).toBe('0');
    expect(invoice('1234.50').data?.amount).toBe('1234.50');
  });

  it('keeps deal values and budgets exact, and refuses a third decimal', () => {
    const deal = OpportunityFormSchema.shape.value;
    expect(deal.parse(0.1)).toBe('0.10');
    expect(deal.parse('')).toBe('0.00');
    expect(deal.safeParse(1.005).error?.issues[0]?.message).toBe(
      'Enter an amount with at most 2 decimals, like 1200.50',
    );
    const project = { ...projectFormDefaults(null), name: 'Website', budgetLimit: 99999999.99 };
    expect(ProjectFormSchema.parse(project).budgetLimit).toBe('99999999.99');
  });

  it('shows an amount in a number input without trailing zeros, digit for digit', () => {
    expect(toAmountText('140.00')).toBe('140');
    expect(toAmountText('12.50')).toBe('12.5');
    expect(toAmountText('0.000')).toBe('0');
    expect(toAmountText('100')).toBe('100');
    // Beyond a float's 15 to 17 digits: Number() would give 12345678901234568.
    expect(toAmountText('12345678901234567.890')).toBe('12345678901234567.89');
  });
});
