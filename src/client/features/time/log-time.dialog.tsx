import { zodResolver } from '@hookform/resolvers/zod';
import { fieldProps } from '../../components/form/field-props.ts';
import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { TIME_ENTRY_FIELDS, type TimeEntry } from '../../../shared/time.schema.ts';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { TaskPicker } from './task-picker.tsx';
import {
  LogTimeFormSchema,
  logTimeDefaults,
  type LogTimeFormInput,
  type LogTimeFormOutput,
} from './log-time-form.schema.ts';
import { useTimeMutations } from './use-time-mutations.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { NumberField, PickerField } from '../../components/form/controlled-fields.tsx';
import { TextFieldInput } from '../../components/form/text-field-input.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';

function LogTimeForm({
  entry,
  projectId,
  projectName,
  onDone,
}: {
  entry: TimeEntry | null;
  projectId: number | null;
  projectName: string | null;
  onDone: () => void;
}) {
  const mutations = useTimeMutations();
  const form = useForm<LogTimeFormInput, unknown, LogTimeFormOutput>({
    resolver: zodResolver(LogTimeFormSchema),
    defaultValues: logTimeDefaults(entry, projectId),
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const saved = entry
      ? await mutations.update(entry.id, values)
      : await mutations.create({ ...values, isTimer: false });
    if (saved) onDone();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <PickerField
            control={form.control}
            name="projectId"
            picker={ProjectPicker}
            label={TIME_ENTRY_FIELDS.projectId.title}
            placeholder="Choose a project"
            withAsterisk
            labelOf={() => (entry ? entry.project.name : projectName)}
            // A task belongs to one project.
            onPicked={() => form.setValue('taskId', null)}
            nothingFoundMessage="No projects found"
            data-autofocus={projectId === null || undefined}
          />
          <Controller
            control={form.control}
            name="taskId"
            render={({ field }) => (
              <TaskPicker
                projectId={form.watch('projectId')}
                value={field.value}
                valueLabel={entry?.task?.title ?? null}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <NumberField
              control={form.control}
              name="hours"
              label={TIME_ENTRY_FIELDS.hours.title}
              placeholder="1.5"
              withAsterisk
              // SPEC §5: a quarter of an hour at a time, never below zero.
              step={0.25}
              min={0}
              decimalScale={2}
              data-autofocus={projectId !== null || undefined}
            />
            <DateField
              control={form.control}
              name="date"
              label={TIME_ENTRY_FIELDS.date.title}
              withAsterisk
            />
          </SimpleGrid>
          <TextFieldInput
            field={TIME_ENTRY_FIELDS.description}
            {...fieldProps(form, 'description')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {entry ? 'Save Changes' : 'Log Time'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

/**
 * The Log Time dialog (SPEC §2 Time tracking), also Edit Time Entry for an unbilled
 * entry. `projectId` preselects a project (from a project card).
 */
export function LogTimeDialog({
  opened,
  entry = null,
  projectId = null,
  projectName = null,
  onClose,
}: {
  opened: boolean;
  entry?: TimeEntry | null;
  projectId?: number | null;
  /** The preselected project's name, shown before the project list loads. */
  projectName?: string | null;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={entry ? 'Edit Time Entry' : 'Log Time'}>
      <LogTimeForm
        key={entry?.id ?? `new-${projectId ?? ''}`}
        entry={entry}
        projectId={projectId}
        projectName={projectName}
        onDone={onClose}
      />
    </FormDialog>
  );
}
