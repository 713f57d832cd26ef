import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ClientPicker } from '../clients/client-picker.tsx';
import { useEstimateMutations } from './use-estimate-mutations.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/**
 * New Estimate: a client, then the draft opens on its page, where its lines, dates,
 * discount and notes are written (the same editor as an invoice's).
 */
export function EstimateCreateDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const mutations = useEstimateMutations();
  const navigate = useNavigate();
  const [clientId, setClientId] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const close = () => {
    setClientId(null);
    setError(undefined);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (clientId === null) {
      setError('Client is required');
      return;
    }
    setSaving(true);
    const estimate = await mutations.create({ clientId });
    setSaving(false);
    if (!estimate) return;
    close();
    void navigate({ to: '/estimates/$estimateId', params: { estimateId: String(estimate.id) } });
  };

  return (
    <FormDialog opened={opened} onClose={close} title="New Estimate" size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <ClientPicker
            required
            value={clientId}
            onChange={(next) => {
              setClientId(next);
              setError(undefined);
            }}
            error={error}
            disabled={saving}
          />
          <Text size="sm" c="dimmed">
            The estimate is in the client&apos;s currency (else the workspace&apos;s). You write its
            lines next, on its page.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Create Estimate
            </Button>
          </Group>
        </Stack>
      </form>
    </FormDialog>
  );
}
