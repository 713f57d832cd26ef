import { zodResolver } from '@hookform/resolvers/zod';
import { Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogForm, FormDialog } from './form-dialog.tsx';

interface ReasonProps {
  /** What the action does, above the field. */
  intro?: ReactNode;
  label: string;
  description?: string;
  /** The reason may be left empty (then none is sent). */
  optional?: boolean;
  /** Instead of "Cancel", when the action itself is a cancellation. */
  cancelLabel?: string;
  /** The field's rule, from the action's shared schema (required, its length). */
  rule: z.ZodType<string, string>;
  minRows: number;
  submitLabel: string;
  onClose: () => void;
  /** Resolves to true when done; the dialog then closes. */
  onSubmit: (reason: string) => Promise<boolean>;
}

/**
 * A destructive action with a written reason (rejecting a week, voiding an invoice; an
 * optional one when cancelling a booking): the reason, then Cancel and the red action
 * button. The reason is sent trimmed; a fresh, empty field each time the dialog opens.
 */
export function ReasonDialog({
  opened,
  title,
  ...props
}: ReasonProps & { opened: boolean; title: string }) {
  return (
    <FormDialog opened={opened} onClose={props.onClose} title={title}>
      <ReasonForm {...props} />
    </FormDialog>
  );
}

function ReasonForm({
  intro,
  label,
  description,
  optional = false,
  cancelLabel,
  rule,
  minRows,
  submitLabel,
  onClose,
  onSubmit,
}: ReasonProps) {
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(z.object({ reason: rule })),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reason }) => {
    if (await onSubmit(reason)) onClose();
  });
  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={submitLabel}
      danger
      onCancel={onClose}
      cancelLabel={cancelLabel}
    >
      {intro && <Text size="sm">{intro}</Text>}
      <Textarea
        label={label}
        description={description}
        withAsterisk={!optional}
        autosize
        minRows={minRows}
        data-autofocus
        error={errors.reason?.message}
        {...form.register('reason')}
      />
    </DialogForm>
  );
}
