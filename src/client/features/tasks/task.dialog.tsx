import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { TASK_FIELDS, type Task, type TaskStatus } from '../../../shared/tasks.schema.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { TextFieldInput } from '../../components/form/text-field-input.tsx';
import { NumberField, PickerField, SelectField } from '../../components/form/controlled-fields.tsx';
import { fieldProps } from '../../components/form/field-props.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { trpc } from '../../trpc.ts';
import { ProjectPicker } from '../projects/project-picker.tsx';
import {
  TaskFormSchema,
  taskFormDefaults,
  UNASSIGNED,
  type TaskFormInput,
  type TaskFormOutput,
} from './task-form.schema.ts';
import { useTaskMutations } from './use-tasks.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';

export interface TaskPreset {
  projectId?: number;
  projectName?: string;
  status?: string;
}

/** Add Task (no `task`) and Edit Task, with Delete for an existing one. */
export function TaskDialog({
  opened,
  task,
  statuses,
  preset,
  onClose,
}: {
  opened: boolean;
  task: Task | null;
  statuses: readonly TaskStatus[];
  preset?: TaskPreset;
  onClose: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const { remove } = useTaskMutations();
  return (
    <Modal.Stack>
      <FormDialog
        stackId="task"
        opened={opened}
        onClose={onClose}
        title={task ? 'Edit Task' : 'Add Task'}
        size="lg"
      >
        <TaskForm
          key={task?.id ?? 'new'}
          task={task}
          statuses={statuses}
          preset={preset}
          onSaved={onClose}
          onCancel={onClose}
          onDelete={task ? () => setDeleting(true) : undefined}
        />
      </FormDialog>
      <ConfirmDeleteDialog
        stackId="delete-task"
        opened={opened && deleting && task !== null}
        title="Delete Task"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          const done = task ? await remove(task) : false;
          if (done) onClose();
          return done;
        }}
      >
        {`Are you sure you want to delete "${task?.title ?? ''}"? Its logged time stays on the project.`}
      </ConfirmDeleteDialog>
    </Modal.Stack>
  );
}

function TaskForm({
  task,
  statuses,
  preset,
  onSaved,
  onCancel,
  onDelete,
}: {
  task: Task | null;
  statuses: readonly TaskStatus[];
  preset?: TaskPreset;
  onSaved: () => void;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const members = trpc.team.members.useQuery();
  const mutations = useTaskMutations();
  const form = useForm<TaskFormInput, unknown, TaskFormOutput>({
    resolver: zodResolver(TaskFormSchema),
    defaultValues: taskFormDefaults(task, preset),
  });
  const { isSubmitting } = form.formState;

  const assigneeOptions = useMemo(() => {
    const current = task?.assigneeId ?? null;
    return [
      { value: UNASSIGNED, label: 'Unassigned' },
      ...(members.data ?? [])
        .filter((m) => m.isActive || m.id === current)
        .map((m) => ({ value: String(m.id), label: m.fullName || m.email, disabled: !m.isActive })),
    ];
  }, [members.data, task]);
  const statusOptions = statuses.map((s) => ({ value: s.key, label: s.label }));

  const submit = form.handleSubmit(async (values) => {
    const saved = task ? await mutations.update(task.id, values) : await mutations.create(values);
    if (saved) onSaved();
  });

  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={task ? 'Save Changes' : 'Create Task'}
      onCancel={onCancel}
      start={
        onDelete && (
          <Button variant="subtle" color="red" onClick={onDelete} disabled={isSubmitting}>
            Delete
          </Button>
        )
      }
    >
      <TextInput
        label={TASK_FIELDS.title.title}
        placeholder="e.g. Design the home page"
        withAsterisk
        data-autofocus
        autoComplete="off"
        {...fieldProps(form, 'title')}
      />
      <PickerField
        control={form.control}
        name="projectId"
        picker={ProjectPicker}
        label={TASK_FIELDS.projectId.title}
        withAsterisk
        labelOf={(id) =>
          task?.projectId === id
            ? task.project.name
            : preset?.projectId === id
              ? (preset.projectName ?? null)
              : null
        }
        disabled={isSubmitting}
      />
      <TextFieldInput field={TASK_FIELDS.description} {...fieldProps(form, 'description')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <SelectField
          control={form.control}
          name="status"
          label={TASK_FIELDS.status.title}
          data={statusOptions}
        />
        <Controller
          control={form.control}
          name="assigneeId"
          render={({ field }) => (
            <Select
              label={TASK_FIELDS.assigneeId.title}
              data={assigneeOptions}
              value={field.value === null ? UNASSIGNED : String(field.value)}
              onChange={(value) =>
                field.onChange(value === null || value === UNASSIGNED ? null : Number(value))
              }
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <DateField control={form.control} name="dueDate" label={TASK_FIELDS.dueDate.title} />
        <NumberField
          control={form.control}
          name="estimateHours"
          label={TASK_FIELDS.estimateHours.title}
          placeholder="e.g. 8"
          min={0}
          step={0.5}
          decimalScale={2}
        />
      </SimpleGrid>
    </DialogForm>
  );
}
