import { Button, Fieldset, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { usePhone } from './use-phone.ts';

/**
 * The dialog every form opens in: centred, full screen on a phone (where a centred box
 * would leave a form no room beside the keyboard). Otherwise Mantine's Modal, as it is;
 * inside a Modal.Stack it takes the `stackId` as usual.
 */
export function FormDialog(props: ModalProps & { stackId?: string }) {
  const phone = usePhone();
  return <Modal centered {...props} fullScreen={phone} />;
}

/**
 * The form inside a FormDialog: its fields, then Cancel and the submit button at the
 * foot. While `pending` (the save is under way) every field and button is disabled and
 * the submit button spins, so nothing is sent twice or changed mid-save.
 */
export function DialogForm({
  onSubmit,
  pending = false,
  submitLabel,
  submitDisabled = false,
  danger = false,
  onCancel,
  cancelLabel = 'Cancel',
  start,
  children,
}: {
  /** Called on submit; react-hook-form's `handleSubmit(…)` or a handler of its own. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  pending?: boolean;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  /** A destructive action: a red submit button. */
  danger?: boolean;
  onCancel: () => void;
  /** Instead of "Cancel" (a dialog whose action is itself a cancellation). */
  cancelLabel?: string;
  /** At the other end of the footer, e.g. Delete. */
  start?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={pending}>
        <Stack gap="md">
          {children}
          <Group justify={start ? 'space-between' : 'flex-end'} gap="sm" mt="xs">
            {start && <div>{start}</div>}
            <Group gap="sm">
              <Button variant="default" onClick={onCancel} disabled={pending}>
                {cancelLabel}
              </Button>
              <Button
                type="submit"
                loading={pending}
                disabled={submitDisabled}
                color={danger ? 'red' : undefined}
              >
                {submitLabel}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
