import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { Invoice } from '../../../shared/invoices.schema.ts';
import { invoiceName } from './invoice-status.ts';
import { useInvoiceMutations } from './use-invoice-mutations.ts';

/**
 * Voids an issued invoice with a reason: it keeps its number (numbers have no gaps) and
 * its time becomes unbilled again.
 */
export function VoidDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}) {
  const mutations = useInvoiceMutations();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (reason.trim() === '') {
      setError('A reason is required');
      return;
    }
    setPending(true);
    const done = await mutations.void(invoice, reason.trim());
    setPending(false);
    if (done) onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Void invoice" centered>
      <Stack gap="md">
        <Text size="sm">
          {invoiceName(invoice)} stays on record with its number, marked void. Its billed time
          becomes unbilled again.
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={() => void confirm()}>
            Void invoice
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
