import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { BookingType, BookingTypeInput } from '../../../shared/scheduling.schema.ts';
import { fieldProps } from '../../components/form/field-props.ts';
import { NumberField, SelectField, SwitchField } from '../../components/form/controlled-fields.tsx';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { SortableList, useSortableRow } from '../../components/sortable-list.tsx';
import { trpc } from '../../trpc.ts';
import {
  BookingTypeFormSchema,
  bookingTypeFormDefaults,
  newQuestionUid,
  type BookingTypeFormValues,
} from './booking-type-form.schema.ts';
import { showServerErrors } from './server-errors.ts';
import { useSchedulingMutations } from './use-scheduling-mutations.ts';

type Form = UseFormReturn<BookingTypeFormValues, unknown, BookingTypeInput>;

/** The type's numbers, in the dialog's order; the schema holds their limits and messages. */
const WHOLE_NUMBER_FIELDS: {
  name: keyof BookingTypeFormValues;
  label: string;
  description?: string;
  withAsterisk?: boolean;
  min: number;
  max?: number;
  step?: number;
}[] = [
  {
    name: 'durationMinutes',
    label: 'Duration (minutes)',
    withAsterisk: true,
    min: 5,
    max: 720,
    step: 5,
  },
  {
    name: 'maxPerDay',
    label: 'Most bookings a day',
    description: 'Empty for no limit.',
    min: 1,
    max: 100,
  },
  {
    name: 'bufferBeforeMinutes',
    label: 'Buffer before (minutes)',
    description: 'Kept free before each meeting.',
    min: 0,
    max: 720,
  },
  {
    name: 'bufferAfterMinutes',
    label: 'Buffer after (minutes)',
    description: 'Kept free after each meeting.',
    min: 0,
    max: 720,
  },
  {
    name: 'minNoticeMinutes',
    label: 'Minimum notice (minutes)',
    description: 'How soon before it starts a time can still be booked.',
    min: 0,
  },
  {
    name: 'maxDaysAhead',
    label: 'How far ahead (days)',
    description: 'The last day that can be booked, counted from today.',
    min: 0,
    max: 730,
  },
];

/** New booking type (no `type`) and Edit booking type; full screen on a phone. */
export function BookingTypeDialog({
  opened,
  type,
  onClose,
}: {
  opened: boolean;
  type: BookingType | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={type ? 'Edit booking type' : 'New booking type'}
      size="xl"
    >
      <BookingTypeForm key={type?.id ?? 'new'} type={type} onDone={onClose} />
    </FormDialog>
  );
}

function BookingTypeForm({ type, onDone }: { type: BookingType | null; onDone: () => void }) {
  const mutations = useSchedulingMutations();
  const form: Form = useForm<BookingTypeFormValues, unknown, BookingTypeInput>({
    resolver: zodResolver(BookingTypeFormSchema) as never,
    defaultValues: bookingTypeFormDefaults(type),
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await mutations.saveType(type, values);
      onDone();
    } catch (error) {
      setRefusal(
        showServerErrors(error, form.setError, (path) => path in bookingTypeFormDefaults(null)),
      );
    }
  });

  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={type ? 'Save changes' : 'Add booking type'}
      onCancel={onDone}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Discovery call"
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...fieldProps(form, 'name')}
        />
        <TextInput
          label="Link"
          description="The end of the booking page's address; made from the name when empty."
          placeholder="discovery-call"
          autoComplete="off"
          {...fieldProps(form, 'slug')}
        />
        {WHOLE_NUMBER_FIELDS.map(({ name, ...field }) => (
          <NumberField
            key={name}
            control={form.control}
            name={name}
            allowDecimal={false}
            {...field}
          />
        ))}
      </SimpleGrid>
      <TextInput
        label="Location or video link"
        placeholder="e.g. https://meet.example.com/ada, or the studio's address"
        autoComplete="off"
        {...fieldProps(form, 'location')}
      />
      <Textarea
        label="Description"
        description="Shown on the booking page."
        autosize
        minRows={2}
        {...fieldProps(form, 'description')}
      />
      <QuestionsEditor form={form} />
      <DealFields form={form} />
      <SwitchField
        control={form.control}
        name="active"
        label="Taking bookings"
        description="When off, the booking page says it does not exist."
      />
      <SwitchField
        control={form.control}
        name="allowIndexing"
        label="Allow search engines to index the booking page"
        description="When off, the page asks search engines not to list it."
      />
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
    </DialogForm>
  );
}

/** The questions the booking page asks, in order: each a label and whether it is required. */
function QuestionsEditor({ form }: { form: Form }) {
  const questions = useFieldArray({ control: form.control, name: 'questions', keyName: '_id' });
  const values = useWatch({ control: form.control, name: 'questions' });
  const nameOf = (index: number) => values[index]?.label.trim() || `Question ${index + 1}`;
  const listError =
    form.formState.errors.questions?.root?.message ?? form.formState.errors.questions?.message;

  return (
    <Stack gap="xs">
      <Divider />
      <Group justify="space-between">
        <Title order={3} size="h5">
          Questions
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={questions.fields.length >= 20}
          onClick={() =>
            questions.append({ uid: newQuestionUid(), key: '', label: '', required: false })
          }
        >
          Add question
        </Button>
      </Group>
      {questions.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          Name and email are always asked. Add a question to ask more, e.g. what the call is about.
        </Text>
      ) : (
        <SortableList
          items={questions.fields}
          idOf={(q) => q.uid}
          noun="question"
          nameOf={(q) => q.label.trim() || 'without a label'}
          onMove={(from, to) => questions.move(from, to)}
        >
          <Stack gap="xs" role="list" aria-label="Questions">
            {questions.fields.map((q, index) => (
              <QuestionRow
                key={q.uid}
                uid={q.uid}
                index={index}
                name={nameOf(index)}
                form={form}
                onRemove={() => questions.remove(index)}
              />
            ))}
          </Stack>
        </SortableList>
      )}
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
    </Stack>
  );
}

function QuestionRow({
  uid,
  index,
  name,
  form,
  onRemove,
}: {
  uid: string;
  index: number;
  name: string;
  form: Form;
  onRemove: () => void;
}) {
  const sortable = useSortableRow(uid);
  return (
    <Paper
      {...sortable.rowProps}
      withBorder
      radius="md"
      p="xs"
      role="listitem"
      aria-label={`Question ${index + 1}: ${name}`}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          {...sortable.handleProps}
          variant="subtle"
          color="gray"
          mt={4}
          aria-label={`Reorder ${name}`}
        >
          <IconGripVertical size={18} stroke={1.6} />
        </ActionIcon>
        <TextInput
          aria-label={`Question ${index + 1}`}
          placeholder="e.g. What would you like to talk about?"
          style={{ flex: 1 }}
          {...fieldProps(form, `questions.${index}.label`)}
        />
        <Controller
          control={form.control}
          name={`questions.${index}.required`}
          render={({ field }) => (
            <Checkbox
              label="Required"
              mt={8}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          mt={4}
          onClick={onRemove}
          aria-label={`Remove ${name}`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** Optionally a deal for each booking, in a stage of the pipeline, with a value. */
function DealFields({ form }: { form: Form }) {
  const stages = trpc.stages.list.useQuery();
  const deal = useWatch({ control: form.control, name: 'deal' });
  return (
    <Stack gap="xs">
      <Switch
        label="Open a deal for each booking"
        checked={deal !== null}
        onChange={(event) =>
          form.setValue(
            'deal',
            event.currentTarget.checked
              ? { stageId: String(stages.data?.[0]?.id ?? ''), value: '' }
              : null,
            { shouldDirty: true },
          )
        }
      />
      {deal !== null && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={form.control}
            name="deal.stageId"
            label="Stage"
            withAsterisk
            data={(stages.data ?? []).map((s) => ({ value: String(s.id), label: s.label }))}
          />
          <TextInput
            label="Deal value"
            placeholder="e.g. 500"
            inputMode="decimal"
            autoComplete="off"
            {...fieldProps(form, 'deal.value')}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
