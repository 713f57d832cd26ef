import { Select } from '@mantine/core';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { trpc } from '../../trpc.ts';
import { TaskPicker } from '../time/task-picker.tsx';

export interface NewRow {
  projectId: number;
  projectName: string;
  taskId: number | null;
  taskTitle: string | null;
}

/** Active projects a row may be added for: a workspace rarely has more. */
const PROJECT_ROWS = 200;
/** As the task picker asks, so both share one cached answer. */
const TASK_ROWS = 200;

/** Picks the project (and optional task) of a new grid row; nothing is saved until hours are. */
export function AddRowDialog({
  opened,
  onClose,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (row: NewRow) => void;
}) {
  const [projectId, setProjectId] = useState<number | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const projects = trpc.projects.list.useQuery(
    { status: 'active', limit: PROJECT_ROWS },
    { enabled: opened },
  );
  const tasks = trpc.tasks.list.useQuery(
    { projectId: projectId ?? 0, limit: TASK_ROWS },
    { enabled: projectId !== null },
  );
  const close = () => {
    setProjectId(null);
    setTaskId(null);
    onClose();
  };
  const project = projects.data?.items.find((p) => p.id === projectId);
  return (
    <FormDialog opened={opened} onClose={close} title="Add a row">
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          if (!project) return;
          onAdd({
            projectId: project.id,
            projectName: project.name,
            taskId,
            taskTitle: tasks.data?.items.find((t) => t.id === taskId)?.title ?? null,
          });
          close();
        }}
        submitLabel="Add row"
        submitDisabled={!project}
        onCancel={close}
      >
        <Select
          label="Project"
          withAsterisk
          searchable
          data-autofocus
          placeholder={projects.isPending ? 'Loading projects...' : 'Choose a project'}
          nothingFoundMessage="No active projects"
          data={(projects.data?.items ?? []).map((p) => ({
            value: String(p.id),
            label: p.client ? `${p.name} · ${p.client.name}` : p.name,
          }))}
          value={projectId === null ? null : String(projectId)}
          onChange={(value) => {
            setTaskId(null);
            setProjectId(value === null ? null : Number(value));
          }}
        />
        <TaskPicker projectId={projectId} value={taskId} onChange={setTaskId} />
      </DialogForm>
    </FormDialog>
  );
}
