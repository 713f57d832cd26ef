import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { IconMail } from '@tabler/icons-react';
import { FormProvider, useForm } from 'react-hook-form';
import type { InvoiceDetail } from '../../../shared/invoices.schema.ts';
import {
  InvoiceEditorSchema,
  editorValues,
  toUpdate,
  type InvoiceEditorInput,
  type InvoiceEditorOutput,
} from './invoice-editor.schema.ts';
import { DraftHeaderCard } from './draft-header.card.tsx';
import { LinesAndTotals } from './invoice-lines.fields.tsx';
import { UnbilledExpensesPicker } from './unbilled-expenses.picker.tsx';
import { useInvoiceMutations } from './use-invoice-mutations.ts';

/**
 * A draft invoice, fully editable (issue 18): currency, dates, lines with quantity, unit
 * price and tax rate, a discount before tax, and notes, with the totals computed as the
 * server will. Saving sends the whole draft (`PUT /api/invoices/{id}`): a line left out is
 * removed, and the time it billed is unbilled again.
 */
export function InvoiceEditor({
  invoice,
  onSendByEmail,
}: {
  invoice: InvoiceDetail;
  /** Opens the send-by-email dialog, once what is on screen is saved. */
  onSendByEmail?: () => void;
}) {
  const mutations = useInvoiceMutations();
  const form = useForm<InvoiceEditorInput, unknown, InvoiceEditorOutput>({
    resolver: zodResolver(InvoiceEditorSchema),
    defaultValues: editorValues(invoice),
  });
  const { reset } = form;
  useEffect(() => reset(editorValues(invoice)), [invoice, reset]);
  const { isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    await mutations.update(toUpdate(invoice.id, values));
  });
  // Issuing saves what is on screen first, so the number goes to what the user sees.
  const saveAndIssue = form.handleSubmit(async (values) => {
    if (isDirty && !(await mutations.update(toUpdate(invoice.id, values)))) return;
    await mutations.issue(invoice);
  });
  // Sending by email issues the draft too: what is on screen is saved first as well.
  const saveAndSend = form.handleSubmit(async (values) => {
    if (isDirty && !(await mutations.update(toUpdate(invoice.id, values)))) return;
    onSendByEmail?.();
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit draft invoice">
        <Fieldset variant="unstyled" disabled={isSubmitting}>
          <Stack gap="lg">
            <DraftHeaderCard
              issueDescription="Empty: the day it is issued"
              dueLabel="Due date"
              dueDescription="Empty: from the payment terms"
            />

            <LinesAndTotals />

            <UnbilledExpensesPicker invoice={invoice} disabled={isDirty || isSubmitting} />

            <Group justify="flex-end">
              {isDirty && (
                <Button variant="default" onClick={() => reset(editorValues(invoice))}>
                  Discard changes
                </Button>
              )}
              <Button type="submit" variant="default" disabled={!isDirty || isSubmitting}>
                Save draft
              </Button>
              {onSendByEmail && (
                <Button
                  variant="light"
                  leftSection={<IconMail size={16} />}
                  onClick={() => void saveAndSend()}
                  disabled={isSubmitting}
                >
                  Send by email
                </Button>
              )}
              <Button onClick={() => void saveAndIssue()} loading={isSubmitting}>
                Issue invoice
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </FormProvider>
  );
}
