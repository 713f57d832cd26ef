import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Divider, Modal, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Stage } from '../../../shared/pipeline.schema.ts';
import { AddColumnForm } from '../../components/kanban/add-column.form.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { StageRow } from './stage-row.tsx';
import { useStageMutations } from './use-stage-mutations.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/** SPEC §9: a stage starts moving after 8 px, so a click on its handle stays a click. */
const ACTIVATION_DISTANCE_PX = 8;

/** Stages move up and down only. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * Manage Pipeline Stages: the stages in board order, dragged (mouse, touch or keyboard)
 * into a new order that is saved at once, renamed in place, deleted after a stacked
 * confirmation, and added at the end.
 */
export function ManageStagesDialog({
  opened,
  onClose,
  stages,
  counts,
}: {
  opened: boolean;
  onClose: () => void;
  stages: readonly Stage[];
  counts: ReadonlyMap<string, number>;
}) {
  const { create, rename, remove, reorder } = useStageMutations();
  const [toDelete, setToDelete] = useState<Stage | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: ACTIVATION_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const ids = useMemo(() => stages.map((stage) => stage.id), [stages]);

  const announcements = useMemo((): Announcements => {
    const labelOf = (id: UniqueIdentifier) => stages.find((s) => s.id === id)?.label ?? 'Stage';
    const position = (id: UniqueIdentifier) =>
      `position ${ids.indexOf(Number(id)) + 1} of ${ids.length}`;
    return {
      onDragStart: ({ active }) => `Picked up stage ${labelOf(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over ? `Stage ${labelOf(active.id)} is over ${position(over.id)}.` : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? `Stage ${labelOf(active.id)} was dropped at ${position(over.id)}.`
          : `Stage ${labelOf(active.id)} was dropped.`,
      onDragCancel: ({ active }) => `Moving stage ${labelOf(active.id)} was cancelled.`,
    };
  }, [stages, ids]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    void reorder(arrayMove([...stages], from, to));
  };

  return (
    <Modal.Stack>
      <FormDialog
        stackId="stages"
        opened={opened}
        onClose={onClose}
        title="Manage Pipeline Stages"
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Drag the handles to change the order of the board&apos;s columns. System stages can be
            moved but not renamed or deleted.
          </Text>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[restrictToVerticalAxis]}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  'To move a stage, press Space on its handle, use the up and down arrow keys, then press Space again to drop it or Escape to cancel.',
              },
            }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <Stack gap={6} role="list" aria-label="Pipeline stages">
                {stages.map((stage) => (
                  <StageRow
                    key={stage.id}
                    stage={stage}
                    count={counts.get(stage.key) ?? 0}
                    onRename={rename}
                    onDelete={setToDelete}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
          <Divider />
          <AddColumnForm noun="stage" keys={stages.map((stage) => stage.key)} onCreate={create} />
        </Stack>
      </FormDialog>
      <ConfirmDeleteDialog
        stackId="delete-stage"
        opened={opened && toDelete !== null}
        title="Delete Pipeline Stage"
        onClose={() => setToDelete(null)}
        onConfirm={() => (toDelete ? remove(toDelete) : Promise.resolve(false))}
        closeWhenRefused
      >
        {`Are you sure you want to delete "${toDelete?.label ?? ''}"? This action cannot be undone.`}
      </ConfirmDeleteDialog>
    </Modal.Stack>
  );
}
