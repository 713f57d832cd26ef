import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  RecurringInvoice,
  RecurringInvoiceInputSchema,
  RecurringInvoiceUpdateSchema,
} from '../../../shared/recurring-invoices.schema.ts';
import { showDay } from '../../components/display-preferences.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/** A template dated today makes its first invoice when saved: invoices change too. */
const reads = [trpc.recurringInvoices, trpc.invoices, trpc.dashboard, trpc.clients.get];

/**
 * Creating, editing, pausing, resuming and deleting recurring invoices, with their toasts.
 * Each resolves to the saved template (or true), or undefined/false after the error toast.
 */
export function useRecurringMutations() {
  const { mutateAsync: create } = trpc.recurringInvoices.create.useMutation({
    meta: {
      success: (template: RecurringInvoice) => [
        'Recurring invoice created',
        template.invoiceCount > 0
          ? 'Its first invoice is made.'
          : template.nextIssueDate
            ? `Its first invoice is made on ${showDay(template.nextIssueDate, 'long')}.`
            : undefined,
      ],
      error: withServerMessage('Failed to create the recurring invoice.'),
      invalidates: reads,
    },
  });
  const { mutateAsync: update } = trpc.recurringInvoices.update.useMutation({
    meta: {
      success: 'Recurring invoice saved',
      error: withServerMessage('Failed to save the recurring invoice.'),
      invalidates: reads,
    },
  });
  const { mutateAsync: setStatus } = trpc.recurringInvoices.update.useMutation({
    meta: {
      success: (template: RecurringInvoice) =>
        template.status === 'paused' ? 'Recurring invoice paused' : 'Recurring invoice resumed',
      error: withServerMessage('Failed to change the recurring invoice.'),
      invalidates: reads,
    },
  });
  const { mutateAsync: remove } = trpc.recurringInvoices.delete.useMutation({
    meta: {
      success: ['Recurring invoice deleted', 'The invoices it made are kept.'],
      error: withServerMessage('Failed to delete the recurring invoice.'),
      invalidates: [trpc.recurringInvoices, trpc.invoices],
    },
  });

  return useMemo(
    () => ({
      create: (input: z.input<typeof RecurringInvoiceInputSchema>) => succeeded(create(input)),
      update: (input: z.input<typeof RecurringInvoiceUpdateSchema>) => succeeded(update(input)),
      pause: (id: number) => succeeded(setStatus({ id, status: 'paused' })),
      resume: (id: number) => succeeded(setStatus({ id, status: 'active' })),
      remove: async (id: number) => (await succeeded(remove({ id }))) !== undefined,
    }),
    [create, update, setStatus, remove],
  );
}
