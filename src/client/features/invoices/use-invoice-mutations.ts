import { useMemo } from 'react';
import type { z } from 'zod';
import type { Invoice, InvoiceInputSchema } from '../../../shared/invoices.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { INVOICE_STATUS_CHANGED } from './invoice-status.ts';

type InvoiceInput = z.input<typeof InvoiceInputSchema>;
type NextStatus = 'sent' | 'viewed' | 'paid';

/** Invoices move the dashboard's money (SPEC §7). */
const money = [trpc.invoices.list, trpc.dashboard];
/** Billed time leaves the unbilled lists, and comes back when its invoice is deleted. */
const moneyAndTime = [...money, trpc.time.list];

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
        `${invoice.invoiceNumber} is saved as a draft.`,
      ],
      error: withServerMessage('Failed to create invoice. Please try again.'),
      invalidates: (_invoice: Invoice, input: InvoiceInput) =>
        (input.timeEntryIds?.length ?? 0) > 0 ? moneyAndTime : money,
    },
  });
  const { mutateAsync: changeStatus } = trpc.invoices.update.useMutation({
    meta: {
      success: (invoice: Invoice, { status }: { status: NextStatus }) => [
        INVOICE_STATUS_CHANGED[status],
        invoice.invoiceNumber,
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

  return useMemo(
    () => ({
      create: (input: InvoiceInput) => succeeded(create(input)),
      changeStatus: async (invoice: Invoice, status: NextStatus) =>
        (await succeeded(changeStatus({ id: invoice.id, status }))) !== undefined,
      remove: async (invoice: Invoice) =>
        (await succeeded(remove({ id: invoice.id }))) !== undefined,
    }),
    [create, changeStatus, remove],
  );
}
