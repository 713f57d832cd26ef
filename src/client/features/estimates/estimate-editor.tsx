import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { EstimateDetail } from '../../../shared/estimates.schema.ts';
import { DraftHeaderCard } from '../invoices/draft-header.card.tsx';
import {
  InvoiceEditorSchema,
  toUpdate,
  type InvoiceEditorInput,
  type InvoiceEditorOutput,
} from '../invoices/invoice-editor.schema.ts';
import { LinesAndTotals } from '../invoices/invoice-lines.fields.tsx';
import { useEstimateMutations } from './use-estimate-mutations.ts';

/** The estimate in the invoice editor's form; its valid-until date sits in `dueDate`. */
function editorValues(estimate: EstimateDetail): InvoiceEditorInput {
  return {
    currency: estimate.currency,
    issueDate: estimate.issueDate ?? '',
    dueDate: estimate.validUntil ?? '',
    lines: estimate.lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: Number(line.quantity),
      unitPrice: line.unitPrice,
      taxRate: Number(line.taxRate),
    })),
    discountType: estimate.discount?.type ?? 'none',
    discountValue: estimate.discount ? estimate.discount.value : '',
    notes: estimate.notes ?? '',
  };
}

function toEstimateUpdate(id: number, values: InvoiceEditorOutput) {
  const { currency, issueDate, dueDate, lines, discount, notes } = toUpdate(id, values);
  return { id, currency, issueDate, validUntil: dueDate, lines, discount, notes };
}

/**
 * A draft estimate: currency, dates, lines, discount and notes, with the totals as the
 * server computes them (the invoice editor's cards). Send saves what is on screen first.
 */
export function EstimateEditor({ estimate }: { estimate: EstimateDetail }) {
  const mutations = useEstimateMutations();
  const form = useForm<InvoiceEditorInput, unknown, InvoiceEditorOutput>({
    resolver: zodResolver(InvoiceEditorSchema),
    defaultValues: editorValues(estimate),
  });
  const { reset } = form;
  useEffect(() => reset(editorValues(estimate)), [estimate, reset]);
  const { isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    await mutations.update(toEstimateUpdate(estimate.id, values));
  });
  const saveAndSend = form.handleSubmit(async (values) => {
    if (isDirty && !(await mutations.update(toEstimateUpdate(estimate.id, values)))) return;
    await mutations.send(estimate);
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit draft estimate">
        <Fieldset variant="unstyled" disabled={isSubmitting}>
          <Stack gap="lg">
            <DraftHeaderCard
              issueDescription="Empty: the day it is sent"
              dueLabel="Valid until"
              dueDescription="Empty: 30 days after the issue date"
            />
            <LinesAndTotals documentName="estimate" />
            <Group justify="flex-end">
              {isDirty && (
                <Button variant="default" onClick={() => reset(editorValues(estimate))}>
                  Discard changes
                </Button>
              )}
              <Button type="submit" variant="default" disabled={!isDirty || isSubmitting}>
                Save draft
              </Button>
              <Button onClick={() => void saveAndSend()} loading={isSubmitting}>
                Send estimate
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </FormProvider>
  );
}
