import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';

/**
 * Records the client's decision in the app: accepting asks the name of who accepted (kept
 * in the acceptance record with the time and a fingerprint of the document); declining an
 * optional reason.
 */
export function DecisionDialog({
  opened,
  decision,
  documentLabel,
  onClose,
  onConfirm,
  children,
}: {
  opened: boolean;
  decision: 'accept' | 'decline';
  documentLabel: string;
  onClose: () => void;
  onConfirm: (values: { name: string; reason: string | null }) => Promise<boolean>;
  children?: React.ReactNode;
}) {
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const accept = decision === 'accept';

  const close = () => {
    setName('');
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (accept && name.trim() === '') {
      setError('Type the name of who accepted');
      return;
    }
    setSaving(true);
    const done = await onConfirm({ name: name.trim(), reason: reason.trim() || null });
    setSaving(false);
    if (done) close();
  };

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={accept ? `Record acceptance of ${documentLabel}` : `Mark ${documentLabel} declined`}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {accept
              ? 'For a client who accepted by email, phone or in person. Keel keeps the name, the time and a fingerprint of the document as it is now. A decision cannot be changed.'
              : 'The client turned it down. It is recorded under your name; a decision cannot be changed.'}
          </Text>
          {accept ? (
            <TextInput
              label="Accepted by"
              description="The name of the client's person who accepted"
              required
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              maxLength={200}
              data-autofocus
            />
          ) : (
            <Textarea
              label="Reason"
              description="Optional"
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={2000}
            />
          )}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} color={accept ? undefined : 'red'}>
              {accept ? 'Record acceptance' : 'Mark declined'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormDialog>
  );
}
