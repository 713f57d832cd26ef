import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table cell's text, or a dimmed dash when there is none. */
export function TextCell({
  value,
  truncate = false,
  ...props
}: {
  value: ReactNode;
  truncate?: boolean;
  /** The whole text on hover, where it is clamped. */
  title?: string;
} & Omit<TextProps, 'children' | 'truncate'>) {
  const none = value === null || value === undefined || value === '';
  return (
    <Text
      size="sm"
      truncate={truncate ? 'end' : undefined}
      c={none ? 'dimmed' : undefined}
      {...props}
    >
      {none ? '—' : value}
    </Text>
  );
}
