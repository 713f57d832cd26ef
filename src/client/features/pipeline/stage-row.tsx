import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  ColorSwatch,
  Group,
  Paper,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconGripVertical, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { stageNotEmptyMessage, type Stage } from '../../../shared/pipeline.schema.ts';
import { toastError } from '../../components/toasts.tsx';
import classes from './pipeline.module.css';
import { columnColor } from '../../../shared/column-colors.ts';

/** Room for the rename and delete buttons, or the System badge. */
const ACTIONS_WIDTH = 84;

/**
 * One stage in Manage Pipeline Stages: a handle to drag it (8 px, or Space and the arrow
 * keys), its label edited in place (Enter or leaving the field saves, Escape cancels), how
 * many deals it holds, and delete. System stages move but cannot be renamed or deleted;
 * a stage holding deals shows why it cannot go.
 */
export function StageRow({
  stage,
  count,
  onRename,
  onDelete,
}: {
  stage: Stage;
  count: number;
  onRename: (stage: Stage, label: string) => Promise<boolean>;
  onDelete: (stage: Stage) => void;
}) {
  const sortable = useSortable({ id: stage.id });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(stage.label);
  const [error, setError] = useState<string | null>(null);
  // Enter and Escape end the edit before the field's blur would: it must not save again.
  const done = useRef(false);
  const editable = !stage.isSystemStage;
  const color = columnColor(stage.color);

  const startEditing = () => {
    done.current = false;
    setDraft(stage.label);
    setError(null);
    setEditing(true);
  };

  const finish = async (how: 'enter' | 'blur') => {
    if (done.current) return;
    const label = draft.trim();
    if (!label) {
      // Leaving an empty field gives up; pressing Enter on one is a mistake to point out.
      if (how === 'enter') return setError('Stage label is required');
      done.current = true;
      return setEditing(false);
    }
    done.current = true;
    if (label !== stage.label) await onRename(stage, label);
    setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void finish('enter');
    } else if (event.key === 'Escape') {
      // Cancels the edit only: the field's data-mantine-stop-propagation keeps the dialog open.
      event.preventDefault();
      done.current = true;
      setEditing(false);
    }
  };

  const deleteBlocked = count > 0;

  return (
    <Paper
      ref={sortable.setNodeRef}
      withBorder
      radius="md"
      px="xs"
      py={6}
      className={classes.stageRow}
      data-dragging={sortable.isDragging || undefined}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
      }}
      role="listitem"
      aria-label={stage.label}
    >
      <Group gap="xs" wrap="nowrap" mih={36}>
        <ActionIcon
          ref={sortable.setActivatorNodeRef}
          variant="subtle"
          color="gray"
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Reorder ${stage.label}`}
          // Escape during a keyboard move cancels the move, not the dialog.
          data-mantine-stop-propagation={sortable.isDragging || undefined}
        >
          <IconGripVertical size={18} stroke={1.6} />
        </ActionIcon>
        <ColorSwatch color={`var(--mantine-color-${color}-filled)`} size={12} withShadow={false} />

        {editing ? (
          <TextInput
            flex={1}
            miw={0}
            size="xs"
            aria-label="Stage label"
            maxLength={50}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => void finish('blur')}
            error={error}
            autoFocus
            data-mantine-stop-propagation
          />
        ) : editable ? (
          <UnstyledButton flex={1} miw={0} onClick={startEditing} title="Click to rename">
            <Text size="sm" fw={500} truncate="end">
              {stage.label}
            </Text>
          </UnstyledButton>
        ) : (
          <Text size="sm" fw={500} flex={1} miw={0} truncate="end">
            {stage.label}
          </Text>
        )}

        <Tooltip label={`${count} ${count === 1 ? 'opportunity' : 'opportunities'}`}>
          <Badge variant="default" size="sm" miw={28}>
            {count}
          </Badge>
        </Tooltip>

        {/* A fixed-width end, so the counts line up whether or not a row has controls. */}
        <Group gap={4} w={ACTIONS_WIDTH} justify="flex-end" wrap="nowrap">
          {stage.isSystemStage ? (
            <Tooltip label="System stages cannot be renamed or deleted">
              <Badge
                variant="light"
                color="gray"
                size="sm"
                leftSection={<IconLock size={11} stroke={2} />}
              >
                System
              </Badge>
            </Tooltip>
          ) : (
            <>
              {!editing && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Rename ${stage.label}`}
                  onClick={startEditing}
                >
                  <IconPencil size={16} stroke={1.7} />
                </ActionIcon>
              )}
              <Tooltip
                label={`Cannot delete stage with ${count} opportunities`}
                disabled={!deleteBlocked}
              >
                {/* data-disabled rather than disabled: the tooltip needs the pointer events. */}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${stage.label}`}
                  data-disabled={deleteBlocked || undefined}
                  aria-disabled={deleteBlocked || undefined}
                  onClick={() => {
                    if (deleteBlocked) {
                      toastError('Cannot delete stage', stageNotEmptyMessage(count));
                    } else {
                      onDelete(stage);
                    }
                  }}
                >
                  <IconTrash size={16} stroke={1.7} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
