import { TagsInput } from '@mantine/core';
import { useMemo } from 'react';
import { MAX_DEAL_TAGS } from '../../../shared/pipeline.schema.ts';
import { trpc } from '../../trpc.ts';

/**
 * A deal's tags, typed freely and suggested from the workspace's tags (the ones contacts
 * carry): the server finds each name, whatever its case, or creates it. Used by the deal's
 * dialog and by a form's deal settings.
 */
export function DealTagsInput({
  value,
  onChange,
  error,
  description,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
  description?: string;
}) {
  const tags = trpc.tags.list.useQuery();
  const names = useMemo(() => (tags.data ?? []).map((tag) => tag.name), [tags.data]);
  return (
    <TagsInput
      label="Tags"
      placeholder={value.length === 0 ? 'Type a tag and press Enter' : undefined}
      description={description}
      data={names}
      value={value}
      onChange={onChange}
      error={error}
      maxTags={MAX_DEAL_TAGS}
      // A tag name's limit (TagInputSchema), kept while typing: the field could not point
      // at the one tag of several that is too long.
      maxLength={50}
      splitChars={[',']}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
