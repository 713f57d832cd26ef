import { arrayMove } from '@dnd-kit/sortable';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  FORM_FIELD_TYPES,
  FORM_MAP_TARGETS,
  MAP_TARGET_TYPES,
  type FormFieldType,
} from '../../../shared/forms.schema.ts';
import {
  FIELD_TYPE_LABELS,
  hasOptions,
  keyFromLabel,
  MAP_TARGET_LABELS,
  newField,
  type DraftField,
} from './form-draft.ts';
import { SortableList, useSortableRow } from '../../components/sortable-list.tsx';

const NOT_MAPPED = 'none';
const fieldId = (field: DraftField) => field.uid;
const fieldLabel = (field: DraftField) => field.label || 'without a label';

/** The server's message for `fields.{index}.{name}` (or anything under it, as `options.2`). */
export type FieldErrors = (index: number, name: string) => string | undefined;

/**
 * The form's questions, in order: each as a card of its settings, moved by its handle (a
 * pointer drags it; the keyboard picks it up with Space and moves it with the arrows) or
 * by its up and down buttons, and removed by its bin.
 */
export function FormFieldsEditor({
  fields,
  onChange,
  errorOf,
}: {
  fields: DraftField[];
  onChange: (fields: DraftField[]) => void;
  errorOf: FieldErrors;
}) {
  const move = (from: number, to: number) => onChange(arrayMove(fields, from, to));
  const change = (index: number, next: DraftField) =>
    onChange(fields.map((field, i) => (i === index ? next : field)));
  const add = (type: FormFieldType) => onChange([...fields, newField(type, fields)]);

  return (
    <Stack gap="sm">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No fields yet. Add the questions a visitor answers, starting with their email.
        </Text>
      )}
      <SortableList items={fields} idOf={fieldId} noun="field" nameOf={fieldLabel} onMove={move}>
        <Stack gap="sm" role="list" aria-label="Fields">
          {fields.map((field, index) => (
            <FieldCard
              key={field.uid}
              field={field}
              index={index}
              fields={fields}
              errorOf={errorOf}
              onChange={(next) => change(index, next)}
              onMove={move}
              onRemove={() => onChange(fields.filter((_, i) => i !== index))}
            />
          ))}
        </Stack>
      </SortableList>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content">
            Add field
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {FORM_FIELD_TYPES.map((type) => (
            <Menu.Item key={type} onClick={() => add(type)}>
              {FIELD_TYPE_LABELS[type]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}

function FieldCard({
  field,
  index,
  fields,
  errorOf,
  onChange,
  onMove,
  onRemove,
}: {
  field: DraftField;
  index: number;
  fields: DraftField[];
  errorOf: FieldErrors;
  onChange: (field: DraftField) => void;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const sortable = useSortableRow(field.uid);
  const name = field.label.trim() || FIELD_TYPE_LABELS[field.type];
  const otherKeys = fields.filter((f) => f.uid !== field.uid).map((f) => f.key);
  const consent = field.type === 'consent';
  const hidden = field.type === 'hidden';
  const targets = FORM_MAP_TARGETS.filter((target) =>
    MAP_TARGET_TYPES[target].includes(field.type),
  );

  return (
    <Paper
      {...sortable.rowProps}
      withBorder
      radius="md"
      p="sm"
      role="listitem"
      aria-label={`Field ${index + 1}: ${name}`}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ActionIcon
              {...sortable.handleProps}
              variant="subtle"
              color="gray"
              aria-label={`Reorder ${name}`}
            >
              <IconGripVertical size={18} stroke={1.6} />
            </ActionIcon>
            <Badge variant="light" size="sm">
              {FIELD_TYPE_LABELS[field.type]}
            </Badge>
            <Text size="sm" fw={500} truncate="end">
              {name}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Move up" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
                aria-label={`Move ${name} up`}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === fields.length - 1}
                onClick={() => onMove(index, index + 1)}
                aria-label={`Move ${name} down`}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete field" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onRemove}
                aria-label={`Delete ${name}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {consent ? (
            <Textarea
              label="Consent text"
              description="What the visitor agrees to; kept with each submission."
              withAsterisk
              autosize
              minRows={2}
              value={field.label}
              error={errorOf(index, 'label')}
              onChange={(event) => onChange({ ...field, label: event.currentTarget.value })}
              style={{ gridColumn: '1 / -1' }}
            />
          ) : (
            <TextInput
              label="Label"
              withAsterisk
              value={field.label}
              error={errorOf(index, 'label')}
              onChange={(event) => {
                const label = event.currentTarget.value;
                onChange({
                  ...field,
                  label,
                  key: field.keyEdited ? field.key : keyFromLabel(label, otherKeys),
                });
              }}
            />
          )}
          <TextInput
            label={hidden ? 'Query parameter' : 'Key'}
            description={
              hidden
                ? 'Filled from the page address, e.g. ?utm_source=…'
                : 'The answer’s name in submissions and exports'
            }
            withAsterisk
            value={field.key}
            error={errorOf(index, 'key')}
            onChange={(event) =>
              onChange({ ...field, key: event.currentTarget.value, keyEdited: true })
            }
          />
          {!hidden && !consent && (
            <TextInput
              label="Help text"
              value={field.helpText}
              error={errorOf(index, 'helpText')}
              onChange={(event) => onChange({ ...field, helpText: event.currentTarget.value })}
            />
          )}
          {targets.length > 0 && (
            <Select
              label="Fills"
              description="Where the answer goes on the contact"
              allowDeselect={false}
              data={[
                { value: NOT_MAPPED, label: 'Nothing' },
                ...targets.map((target) => ({ value: target, label: MAP_TARGET_LABELS[target] })),
              ]}
              value={field.mapTo ?? NOT_MAPPED}
              error={errorOf(index, 'mapTo')}
              onChange={(value) =>
                onChange({
                  ...field,
                  mapTo: value && value !== NOT_MAPPED ? (value as DraftField['mapTo']) : null,
                })
              }
            />
          )}
          {hasOptions(field.type) && (
            <TagsInput
              label="Options"
              description="Press Enter after each option"
              withAsterisk
              value={field.options}
              error={errorOf(index, 'options')}
              onChange={(options) => onChange({ ...field, options })}
              style={{ gridColumn: '1 / -1' }}
            />
          )}
        </SimpleGrid>
        {!hidden && (
          <Switch
            label="Required"
            checked={field.required}
            onChange={(event) => onChange({ ...field, required: event.currentTarget.checked })}
          />
        )}
      </Stack>
    </Paper>
  );
}
