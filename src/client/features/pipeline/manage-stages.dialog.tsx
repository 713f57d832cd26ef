import { arrayMove } from '@dnd-kit/sortable';
import { Divider, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Stage } from '../../../shared/pipeline.schema.ts';
import { AddColumnForm } from '../../components/kanban/add-column.form.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { StageRow } from './stage-row.tsx';
import { useStageMutations } from './use-stage-mutations.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { SortableList } from '../../components/sortable-list.tsx';

const stageId = (stage: Stage) => stage.id;

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

  const move = (from: number, to: number) => void reorder(arrayMove([...stages], from, to));

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
          <SortableList
            items={stages}
            idOf={stageId}
            noun="stage"
            nameOf={(s) => s.label}
            onMove={move}
          >
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
          </SortableList>
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
