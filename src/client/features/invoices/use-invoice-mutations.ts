import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  Invoice,
  InvoiceInputSchema,
  InvoiceUpdateSchema,
  PaymentInputSchema,
} from '../../../shared/invoices.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { INVOICE_STATUS_CHANGED, invoiceName } from './invoice-status.ts';

type InvoiceInput = z.input<typeof InvoiceInputSchema>;
type NextStatus = 'sent' | 'viewed' | 'paid';

/**
 * Invoices move the dashboard's money (SPEC §7), the client pages' balances, and the
 * payments list and reports (income, profitability) built on invoices and their payments.
 */
const money = [trpc.invoices, trpc.dashboard, trpc.clients.get, trpc.payments, trpc.reports];
/**
 * Billed time and expenses leave the unbilled lists, and come back when their invoice is
 * deleted or voided (or their line removed).
 */
const moneyAndTime = [...money, trpc.time.list, trpc.projects.get, trpc.expenses.list];

/**
 * Creating an invoice, moving it along SPEC §4's transitions and deleting a draft, with
 * the toasts of SPEC §8. Each resolves to the saved invoice (or true), or undefined/false
 * after the error toast.
 */
export function useInvoiceMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: create } = trpc.invoices.create.useMutation({
    meta: {
      success: (invoice: Invoice) => [
        'Invoice created',
        invoice.invoiceNumber
          ? `${invoice.invoiceNumber} is saved as a draft.`
          : 'It is saved as a draft; it gets its number when it is sent.',
      ],
      error: withServerMessage('Failed to create invoice. Please try again.'),
      invalidates: (_invoice: Invoice, input: InvoiceInput) =>
        (input.timeEntryIds?.length ?? 0) > 0 || (input.expenseIds?.length ?? 0) > 0
          ? moneyAndTime
          : money,
    },
  });
  const { mutateAsync: changeStatus } = trpc.invoices.update.useMutation({
    meta: {
      success: (invoice: Invoice, { status }: { status: NextStatus }) => [
        INVOICE_STATUS_CHANGED[status],
        invoiceName(invoice),
      ],
      error: withServerMessage('Failed to update invoice status.'),
      invalidates: money,
    },
    // A refused move may mean the invoice changed elsewhere: show where it is now.
    onError: () => void utils.invoices.list.invalidate(),
  });
  const { mutateAsync: remove } = trpc.invoices.delete.useMutation({
    meta: {
      success: 'Invoice deleted',
      error: withServerMessage('Failed to delete invoice. Please try again.'),
      // Its time, if any, is unbilled again (the call names only the invoice's id).
      invalidates: moneyAndTime,
    },
  });

  const { mutateAsync: update } = trpc.invoices.update.useMutation({
    meta: {
      success: 'Draft saved',
      error: withServerMessage('Failed to save the invoice.'),
      invalidates: moneyAndTime,
    },
  });
  const { mutateAsync: issue } = trpc.invoices.issue.useMutation({
    meta: {
      success: (invoice: Invoice) => ['Invoice issued', `It is numbered ${invoiceName(invoice)}.`],
      error: withServerMessage('Failed to issue the invoice.'),
      invalidates: [...money, trpc.business],
    },
  });
  const { mutateAsync: voidInvoice } = trpc.invoices.void.useMutation({
    meta: {
      success: (invoice: Invoice) => [
        'Invoice voided',
        `${invoiceName(invoice)} keeps its number; its time is unbilled again.`,
      ],
      error: withServerMessage('Failed to void the invoice.'),
      invalidates: moneyAndTime,
    },
  });
  const { mutateAsync: addPayment } = trpc.invoices.addPayment.useMutation({
    meta: {
      success: (invoice: Invoice) => [
        'Payment recorded',
        invoice.status === 'paid' ? `${invoiceName(invoice)} is paid in full.` : undefined,
      ],
      error: withServerMessage('Failed to record the payment.'),
      invalidates: money,
    },
  });
  const { mutateAsync: deletePayment } = trpc.invoices.deletePayment.useMutation({
    meta: {
      success: 'Payment deleted',
      error: withServerMessage('Failed to delete the payment.'),
      invalidates: money,
    },
  });

  return useMemo(
    () => ({
      create: (input: InvoiceInput) => succeeded(create(input)),
      update: (input: z.input<typeof InvoiceUpdateSchema>) => succeeded(update(input)),
      issue: (invoice: Pick<Invoice, 'id'>) => succeeded(issue({ id: invoice.id })),
      void: (invoice: Pick<Invoice, 'id'>, reason: string) =>
        succeeded(voidInvoice({ id: invoice.id, reason })),
      addPayment: (input: z.input<typeof PaymentInputSchema>) => succeeded(addPayment(input)),
      deletePayment: (invoice: Pick<Invoice, 'id'>, paymentId: number) =>
        succeeded(deletePayment({ id: invoice.id, paymentId })),
      changeStatus: async (invoice: Invoice, status: NextStatus) =>
        (await succeeded(changeStatus({ id: invoice.id, status }))) !== undefined,
      remove: async (invoice: Invoice) =>
        (await succeeded(remove({ id: invoice.id }))) !== undefined,
    }),
    [create, update, issue, voidInvoice, addPayment, deletePayment, changeStatus, remove],
  );
}
