import {
  ActionIcon,
  Badge,
  Divider,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { columnColor } from '../../../shared/column-colors.ts';
import type { TaskStatus } from '../../../shared/tasks.schema.ts';
import { AddColumnForm } from '../../components/kanban/add-column.form.tsx';
import { ColumnColorPicker } from '../../components/kanban/column-color.picker.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { useStatusMutations } from './use-tasks.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

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
  const mutations = useStatusMutations();
  const [toDelete, setToDelete] = useState<TaskStatus | null>(null);
  return (
    <Modal.Stack>
      <FormDialog
        stackId="statuses"
        opened={opened}
        onClose={onClose}
        title="Manage Statuses"
        size="md"
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
          <AddColumnForm
            noun="status"
            keys={statuses.map((status) => status.key)}
            onCreate={mutations.create}
          />
        </Stack>
      </FormDialog>
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
      <ColumnColorPicker
        label={`Colour of ${status.label}`}
        value={columnColor(status.color)}
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
