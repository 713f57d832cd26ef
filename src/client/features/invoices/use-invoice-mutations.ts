import { useMemo } from 'react';
import type { z } from 'zod';
import type { Invoice, InvoiceInputSchema } from '../../../shared/invoices.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { INVOICE_STATUS_CHANGED } from './invoice-status.ts';

type InvoiceInput = z.input<typeof InvoiceInputSchema>;

/**
 * Creating an invoice, moving it along SPEC §4's transitions and deleting a draft, with
 * the toasts of SPEC §8. Invoices move the dashboard's money (SPEC §7); billed time
 * leaves the unbilled lists.
 */
export function useInvoiceMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: createInvoice } = trpc.invoices.create.useMutation();
  const { mutateAsync: updateInvoice } = trpc.invoices.update.useMutation();
  const { mutateAsync: deleteInvoice } = trpc.invoices.delete.useMutation();

  return useMemo(() => {
    const refresh = (timeChanged: boolean) =>
      Promise.all([
        utils.invoices.list.invalidate(),
        utils.dashboard.invalidate(),
        timeChanged ? utils.time.list.invalidate() : undefined,
      ]);

    const create = async (input: InvoiceInput): Promise<Invoice | null> => {
      try {
        const invoice = await createInvoice(input);
        toastSuccess('Invoice created', `${invoice.invoiceNumber} is saved as a draft.`);
        void refresh((input.timeEntryIds?.length ?? 0) > 0);
        return invoice;
      } catch (error) {
        console.error(error);
        toastError('Failed to create invoice. Please try again.', messageOf(error) || undefined);
        return null;
      }
    };

    const changeStatus = async (
      invoice: Invoice,
      status: 'sent' | 'viewed' | 'paid',
    ): Promise<boolean> => {
      try {
        await updateInvoice({ id: invoice.id, status });
        toastSuccess(INVOICE_STATUS_CHANGED[status], invoice.invoiceNumber);
        void refresh(false);
        return true;
      } catch (error) {
        console.error(error);
        toastError('Failed to update invoice status.', messageOf(error) || undefined);
        void utils.invoices.list.invalidate();
        return false;
      }
    };

    const remove = async (invoice: Invoice): Promise<boolean> => {
      try {
        await deleteInvoice({ id: invoice.id });
        toastSuccess('Invoice deleted');
        // Its time, if any, is unbilled again.
        void refresh(invoice.timeEntryCount > 0);
        return true;
      } catch (error) {
        console.error(error);
        toastError('Failed to delete invoice. Please try again.', messageOf(error) || undefined);
        return false;
      }
    };

    return { create, changeStatus, remove };
  }, [utils, createInvoice, updateInvoice, deleteInvoice]);
}
