import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Stage } from '../../../shared/pipeline.schema.ts';
import { stageKey } from '../../../shared/slug.ts';
import { StageColorPicker } from './stage-color.picker.tsx';
import { useStageMutations } from './use-stage-mutations.ts';

/**
 * Adds a stage at the end of the board. SPEC §5: the name must not be blank; its key
 * (lowercased, whitespace → underscores) must be new, which is checked here first so the
 * user hears it without a round trip, and again by the server.
 */
export function AddStageForm({ stages }: { stages: readonly Stage[] }) {
  const { create } = useStageMutations();
  const [label, setLabel] = useState('');
  const [color, setColor] = useState('gray');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = label.trim();
    if (!trimmed) return setError('Stage name is required');
    if (stages.some((stage) => stage.key === stageKey(trimmed))) {
      return setError('A stage with this name already exists');
    }
    setPending(true);
    const created = await create(trimmed, color);
    setPending(false);
    if (created) {
      setLabel('');
      setColor('gray');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <StageColorPicker value={color} onChange={setColor} />
        <TextInput
          flex={1}
          miw={0}
          aria-label="New stage name"
          placeholder="New stage name"
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
          Add Stage
        </Button>
      </Group>
    </form>
  );
}
