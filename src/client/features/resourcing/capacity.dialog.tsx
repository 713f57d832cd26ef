import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { RESOURCE_PLANNERS, type WorkspaceRole } from '../../../shared/roles.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/** Whether this role sets members' capacity (the server's rule). */
export const canPlan = (role: WorkspaceRole | undefined) =>
  role !== undefined && (RESOURCE_PLANNERS as readonly WorkspaceRole[]).includes(role);

export interface CapacityTarget {
  id: number;
  fullName: string;
  capacityHours: string;
}

/** The hours a week a member can work (resourcing), set from the Team or Resourcing page. */
export function CapacityDialog({
  member,
  opened,
  onClose,
}: {
  member: CapacityTarget | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={member ? `Weekly capacity of ${member.fullName}` : 'Weekly capacity'}
    >
      {/* A fresh form for each member opened. */}
      {member && <CapacityForm key={member.id} member={member} onDone={onClose} />}
    </FormDialog>
  );
}

function CapacityForm({ member, onDone }: { member: CapacityTarget; onDone: () => void }) {
  const [hours, setHours] = useState<string | number>(Number(member.capacityHours));
  const [error, setError] = useState<string | undefined>();
  const { mutateAsync, isPending } = trpc.resourcing.setCapacity.useMutation({
    meta: {
      success: ['Capacity updated', `${member.fullName} can work ${hours} hours a week.`],
      error: withServerMessage('Failed to update capacity'),
      invalidates: [trpc.team.members, trpc.resourcing.get],
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = typeof hours === 'number' ? hours : Number.NaN;
    if (!Number.isFinite(value) || value < 0 || value > 168) {
      setError('Enter between 0 and 168 hours');
      return;
    }
    const saved = await succeeded(mutateAsync({ id: member.id, capacityHours: value }));
    if (saved !== undefined) onDone();
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Resourcing flags a week as overbooked when the hours logged and the estimates of open
          tasks due that week pass this.
        </Text>
        <NumberInput
          label="Hours per week"
          value={hours}
          onChange={(value) => {
            setHours(value);
            setError(undefined);
          }}
          min={0}
          max={168}
          step={0.5}
          decimalScale={2}
          suffix=" h"
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
