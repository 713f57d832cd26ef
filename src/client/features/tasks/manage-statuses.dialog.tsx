import {
  ActionIcon,
  Badge,
  Button,
  ColorSwatch,
  Divider,
  Group,
  Modal,
  Popover,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { TASK_STATUS_COLORS, type TaskStatus } from '../../../shared/tasks.schema.ts';
import { stageKey } from '../../../shared/slug.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { statusColor } from './task-view.ts';
import { useStatusMutations } from './use-tasks.ts';

/**
 * Manage Statuses: the board's columns, renamed and recoloured in place; custom ones
 * deleted (after a confirmation) when no task has them; new ones added at the end.
 */
export function ManageStatusesDialog({
  opened,
  onClose,
  statuses,
}: {
  opened: boolean;
  onClose: () => void;
  statuses: readonly TaskStatus[];
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const mutations = useStatusMutations();
  const [toDelete, setToDelete] = useState<TaskStatus | null>(null);
  return (
    <Modal.Stack>
      <Modal
        stackId="statuses"
        opened={opened}
        onClose={onClose}
        title="Manage Statuses"
        size="md"
        fullScreen={phone}
        centered
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Each status is a column of the board. To Do, In Progress and Done cannot be deleted; a
            status can only be deleted once no task has it.
          </Text>
          <Stack gap={6} role="list" aria-label="Task statuses">
            {statuses.map((status) => (
              <StatusRow
                key={`${status.id}:${status.label}`}
                status={status}
                onRename={mutations.rename}
                onRecolor={mutations.recolor}
                onDelete={setToDelete}
              />
            ))}
          </Stack>
          <Divider />
          <AddStatusForm statuses={statuses} onCreate={mutations.create} />
        </Stack>
      </Modal>
      <ConfirmDeleteDialog
        stackId="delete-status"
        opened={opened && toDelete !== null}
        title="Delete Status"
        onClose={() => setToDelete(null)}
        onConfirm={() => (toDelete ? mutations.remove(toDelete) : Promise.resolve(false))}
        closeWhenRefused
      >
        {`Are you sure you want to delete "${toDelete?.label ?? ''}"? This action cannot be undone.`}
      </ConfirmDeleteDialog>
    </Modal.Stack>
  );
}

function StatusRow({
  status,
  onRename,
  onRecolor,
  onDelete,
}: {
  status: TaskStatus;
  onRename: (status: TaskStatus, label: string) => Promise<boolean>;
  onRecolor: (status: TaskStatus, color: string) => Promise<boolean>;
  onDelete: (status: TaskStatus) => void;
}) {
  const [label, setLabel] = useState(status.label);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const trimmed = label.trim();
    if (trimmed === status.label) return;
    if (!trimmed) return setError('Status name is required');
    if (!(await onRename(status, trimmed))) setLabel(status.label);
  };
  return (
    <Group gap="xs" wrap="nowrap" role="listitem" align="flex-start">
      <StatusColorPicker
        name={status.label}
        value={statusColor(status.color)}
        onChange={(color) => void onRecolor(status, color)}
      />
      <TextInput
        flex={1}
        miw={0}
        aria-label={`Name of status ${status.label}`}
        value={label}
        maxLength={50}
        error={error}
        onChange={(event) => {
          setLabel(event.currentTarget.value);
          setError(null);
        }}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          }
        }}
        rightSectionWidth={status.isSystem || status.isDone ? 80 : undefined}
        rightSection={
          status.isSystem ? (
            <Badge size="xs" variant="light" color="gray">
              System
            </Badge>
          ) : status.isDone ? (
            <Badge size="xs" variant="light" color="green">
              Closes
            </Badge>
          ) : null
        }
      />
      <Tooltip label={status.isSystem ? 'System statuses cannot be deleted' : 'Delete status'}>
        <ActionIcon
          variant="subtle"
          color="red"
          size={36}
          aria-label={`Delete status ${status.label}`}
          disabled={status.isSystem}
          onClick={() => onDelete(status)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function AddStatusForm({
  statuses,
  onCreate,
}: {
  statuses: readonly TaskStatus[];
  onCreate: (label: string, color: string) => Promise<boolean>;
}) {
  const [label, setLabel] = useState('');
  const [color, setColor] = useState('gray');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = label.trim();
    if (!trimmed) return setError('Status name is required');
    if (statuses.some((s) => s.key === stageKey(trimmed))) {
      return setError('A status with this name already exists');
    }
    setPending(true);
    const created = await onCreate(trimmed, color);
    setPending(false);
    if (created) {
      setLabel('');
      setColor('gray');
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <StatusColorPicker name="the new status" value={color} onChange={setColor} />
        <TextInput
          flex={1}
          miw={0}
          aria-label="New status name"
          placeholder="New status name"
          maxLength={50}
          value={label}
          onChange={(event) => {
            setLabel(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          disabled={pending}
        />
        <Button type="submit" leftSection={<IconPlus size={16} stroke={1.8} />} loading={pending}>
          Add Status
        </Button>
      </Group>
    </form>
  );
}

function StatusColorPicker({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (color: string) => void;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-start" shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={`Colour of ${name}: ${value}`}
          onClick={toggle}
        >
          <ColorSwatch color={`var(--mantine-color-${value}-filled)`} size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <SimpleGrid cols={5} spacing={6}>
          {TASK_STATUS_COLORS.map((color) => (
            <UnstyledButton
              key={color}
              aria-label={color}
              aria-pressed={color === value}
              onClick={() => {
                onChange(color);
                close();
              }}
            >
              <ColorSwatch color={`var(--mantine-color-${color}-filled)`} size={24} c="white">
                {color === value && <IconCheck size={14} stroke={2.5} />}
              </ColorSwatch>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
