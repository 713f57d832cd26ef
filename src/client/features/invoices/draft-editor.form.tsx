import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, Stack } from '@mantine/core';
import { useEffect, type ComponentProps, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { DraftHeaderCard, ReferencesCard } from './draft-header.card.tsx';
import {
  InvoiceEditorSchema,
  type InvoiceEditorInput,
  type InvoiceEditorOutput,
} from './invoice-editor.schema.ts';
import { LinesAndTotals } from './invoice-lines.fields.tsx';

/**
 * A draft document (an invoice, an estimate), fully editable: currency, dates, lines with
 * quantity, unit price and tax rate, a discount before tax, and notes, with the totals
 * computed as the server will. "Save draft" sends the whole draft (a line left out is
 * removed); an action (issue, send) saves what is on screen first, so it acts on what the
 * user sees.
 */
export function DraftEditorForm({
  label,
  values,
  save,
  header,
  references = false,
  documentName,
  below,
  actions,
}: {
  /** The form's accessible name ("Edit draft invoice"). */
  label: string;
  /** The stored draft as the form's values; the form resets when they change. */
  values: InvoiceEditorInput;
  /** Saves the form's values; undefined when the server refused them (its toast says why). */
  save: (values: InvoiceEditorOutput) => Promise<unknown>;
  header: ComponentProps<typeof DraftHeaderCard>;
  /** Shows the References card (an invoice's buyer and PO references, service period). */
  references?: boolean;
  documentName?: string;
  /** Below the totals; `busy` while there are unsaved changes or a save runs. */
  below?: (busy: boolean) => ReactNode;
  /** The buttons after "Save draft"; `afterSave` makes a handler that saves changes first. */
  actions: (afterSave: (action: () => unknown) => () => void, submitting: boolean) => ReactNode;
}) {
  const form = useForm<InvoiceEditorInput, unknown, InvoiceEditorOutput>({
    resolver: zodResolver(InvoiceEditorSchema),
    defaultValues: values,
  });
  const { reset } = form;
  useEffect(() => reset(values), [values, reset]);
  const { isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (changed) => {
    await save(changed);
  });
  const afterSave = (action: () => unknown) => () =>
    void form.handleSubmit(async (changed) => {
      if (isDirty && !(await save(changed))) return;
      await action();
    })();

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
        <Fieldset variant="unstyled" disabled={isSubmitting}>
          <Stack gap="lg">
            <DraftHeaderCard {...header} />
            {references && <ReferencesCard />}
            <LinesAndTotals documentName={documentName} />
            {below?.(isDirty || isSubmitting)}
            <Group justify="flex-end">
              {isDirty && (
                <Button variant="default" onClick={() => reset(values)}>
                  Discard changes
                </Button>
              )}
              <Button type="submit" variant="default" disabled={!isDirty || isSubmitting}>
                Save draft
              </Button>
              {actions(afterSave, isSubmitting)}
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </FormProvider>
  );
}
