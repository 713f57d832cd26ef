import { Paper, Stack } from '@mantine/core';
import type { KeyboardEventHandler, ReactNode } from 'react';

/**
 * A tinted, bordered group inside a form or a dialog (an inline New Client form, the
 * unbilled time a draft can take), named for a screen reader by its title's element.
 */
export function GroupPanel({
  labelledBy,
  gap,
  onKeyDown,
  children,
}: {
  /** The id of the element that names the group (its title). */
  labelledBy: string;
  gap: 'xs' | 'sm';
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
      role="group"
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
    >
      <Stack gap={gap}>{children}</Stack>
    </Paper>
  );
}
