import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  CheckIcon,
  Collapse,
  ColorSwatch,
  Group,
  Input,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  TAG_COLORS,
  TagInputSchema,
  type Person,
  type Tag,
} from '../../../shared/contacts.schema.ts';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { tagMantineColor } from './contact-display.ts';
import { TagBadge } from './tag-badge.tsx';

type TagFormInput = z.input<typeof TagInputSchema>;
type TagFormOutput = z.output<typeof TagInputSchema>;

const COLOR_LABELS: Record<(typeof TAG_COLORS)[number], string> = {
  blue: 'Blue',
  red: 'Red',
  green: 'Green',
  purple: 'Purple',
  orange: 'Orange',
  yellow: 'Yellow',
};

/**
 * The contact's tags in the details drawer: detach one, attach an existing one, or make a
 * new one (name and one of six colours, blue by default) which is attached at once.
 * SPEC §8: tag mutations show no error feedback, so a failure only leaves things as
 * they were.
 */
export function TagEditor({
  person,
  onTagsChange,
}: {
  person: Person;
  onTagsChange: (tags: Tag[]) => void;
}) {
  const allTags = trpc.tags.list.useQuery();
  // No toasts either way (SPEC §8): the contacts list shows each contact's tags.
  const addTag = trpc.contacts.addTag.useMutation({
    meta: { invalidates: [trpc.contacts.list] },
  });
  const removeTag = trpc.contacts.removeTag.useMutation({
    meta: { invalidates: [trpc.contacts.list] },
  });
  const createTag = trpc.tags.create.useMutation({ meta: { invalidates: [trpc.tags.list] } });
  const [creating, setCreating] = useState(false);
  const tags = person.tags ?? [];
  const busy = addTag.isPending || removeTag.isPending || createTag.isPending;

  const form = useForm<TagFormInput, unknown, TagFormOutput>({
    resolver: zodResolver(TagInputSchema),
    defaultValues: { name: '', color: 'blue' },
  });

  const attach = async (tag: Tag) => {
    if (tags.some((t) => t.id === tag.id)) return;
    if (await succeeded(addTag.mutateAsync({ id: person.id, tagId: tag.id }))) {
      onTagsChange([...tags, tag].sort((a, b) => a.name.localeCompare(b.name)));
    }
  };

  const detach = async (tag: Tag) => {
    if (await succeeded(removeTag.mutateAsync({ id: person.id, tagId: tag.id }))) {
      onTagsChange(tags.filter((t) => t.id !== tag.id));
    }
  };

  const create = form.handleSubmit(async (values) => {
    // Tag names are unique in a workspace: reuse the one that exists rather than fail.
    const existing = allTags.data?.find((t) => t.name.toLowerCase() === values.name.toLowerCase());
    const tag = existing ?? (await succeeded(createTag.mutateAsync(values)));
    if (!tag) return;
    await attach(tag);
    form.reset({ name: '', color: 'blue' });
    setCreating(false);
  });

  const attachable = (allTags.data ?? [])
    .filter((t) => !tags.some((attached) => attached.id === t.id))
    .map((t) => ({ value: String(t.id), label: t.name }));

  return (
    <Stack gap="sm">
      {tags.length > 0 ? (
        <Group gap={6}>
          {tags.map((tag) => (
            <TagBadge key={tag.id} tag={tag} onRemove={() => void detach(tag)} disabled={busy} />
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No tags yet
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Select
          aria-label="Add a tag"
          placeholder={attachable.length ? 'Add a tag...' : 'No other tags'}
          data={attachable}
          value={null}
          searchable
          disabled={busy || attachable.length === 0}
          nothingFoundMessage="No matching tags"
          onChange={(id) => {
            const tag = allTags.data?.find((t) => String(t.id) === id);
            if (tag) void attach(tag);
          }}
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating((open) => !open)}
          aria-expanded={creating}
        >
          New Tag
        </Button>
      </Group>
      <Collapse expanded={creating}>
        <form onSubmit={(event) => void create(event)} noValidate>
          <Stack
            gap="sm"
            p="sm"
            bd="1px solid var(--mantine-color-default-border)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <TextInput
              label="Tag name"
              placeholder="VIP"
              error={form.formState.errors.name?.message}
              {...form.register('name')}
            />
            <Controller
              control={form.control}
              name="color"
              render={({ field }) => (
                <Input.Wrapper label="Colour">
                  <Group gap="xs" mt={6} role="radiogroup" aria-label="Colour">
                    {TAG_COLORS.map((color) => {
                      const selected = (field.value ?? 'blue') === color;
                      return (
                        <ColorSwatch
                          key={color}
                          component="button"
                          type="button"
                          role="radio"
                          aria-checked={selected}
                          aria-label={COLOR_LABELS[color]}
                          title={COLOR_LABELS[color]}
                          color={`var(--mantine-color-${tagMantineColor(color)}-filled)`}
                          size={26}
                          onClick={() => field.onChange(color)}
                          style={{ color: 'white', cursor: 'pointer' }}
                        >
                          {selected && <CheckIcon size={12} />}
                        </ColorSwatch>
                      );
                    })}
                  </Group>
                </Input.Wrapper>
              )}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setCreating(false)}>
                Cancel
              </Button>
              <Button type="submit" size="xs" loading={form.formState.isSubmitting}>
                Create Tag
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>
    </Stack>
  );
}
