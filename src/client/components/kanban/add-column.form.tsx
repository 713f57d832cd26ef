import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { stageKey } from '../../../shared/slug.ts';
import { ColumnColorPicker } from './column-color.picker.tsx';

/**
 * Adds a column (a stage, a status) at the end of a board. SPEC §5: the name must not be
 * blank; its key (lowercased, whitespace → underscores) must be new, which is checked here
 * first so the user hears it without a round trip, and again by the server. `noun` is
 * the column's name in the texts ('stage' gives "New stage name", "Add Stage").
 */
export function AddColumnForm({
  noun,
  keys,
  onCreate,
}: {
  noun: 'stage' | 'status';
  /** The keys the board's columns have now. */
  keys: readonly string[];
  onCreate: (label: string, color: string) => Promise<boolean>;
}) {
  const Noun = noun === 'stage' ? 'Stage' : 'Status';
  const [label, setLabel] = useState('');
  const [color, setColor] = useState('gray');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = label.trim();
    if (!trimmed) return setError(`${Noun} name is required`);
    if (keys.includes(stageKey(trimmed))) {
      return setError(`A ${noun} with this name already exists`);
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
        <ColumnColorPicker
          label={noun === 'stage' ? 'Stage colour' : 'Colour of the new status'}
          tooltip={noun === 'stage' ? 'Stage colour' : undefined}
          value={color}
          onChange={setColor}
        />
        <TextInput
          flex={1}
          miw={0}
          aria-label={`New ${noun} name`}
          placeholder={`New ${noun} name`}
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
          Add {Noun}
        </Button>
      </Group>
    </form>
  );
}
