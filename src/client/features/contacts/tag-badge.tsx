import { Badge, CloseButton } from '@mantine/core';
import type { Tag } from '../../../shared/contacts.schema.ts';
import { tagMantineColor } from './contact-display.ts';

/** A tag in its colour; with `onRemove`, a small button detaches it. */
export function TagBadge({
  tag,
  onRemove,
  disabled,
}: {
  tag: Tag;
  onRemove?: () => void;
  disabled?: boolean;
}) {
  return (
    <Badge
      variant="light"
      color={tagMantineColor(tag.color)}
      tt="none"
      radius="sm"
      maw={180}
      style={{ flexShrink: 0 }}
      pr={onRemove ? 3 : undefined}
      rightSection={
        onRemove && (
          <CloseButton
            size="xs"
            variant="transparent"
            c="inherit"
            aria-label={`Remove tag ${tag.name}`}
            onClick={onRemove}
            disabled={disabled}
          />
        )
      }
    >
      {tag.name}
    </Badge>
  );
}
