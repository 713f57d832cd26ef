import { Button, Group, Text } from '@mantine/core';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { GroupPanel } from '../group-panel.tsx';

/**
 * A small form that creates a record without leaving the dialog around it (New Client in
 * a project or invoice, Create New Contact in an opportunity). It sits inside that
 * dialog's <form>, so it is not a form itself: its button and the Enter key in its inputs
 * submit only the panel.
 */
export function InlineFormPanel({
  title,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      // Enter here means this panel, not the dialog around it.
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <GroupPanel labelledBy={titleId} gap="sm" onKeyDown={onKeyDown}>
      <Text id={titleId} fw={600} size="sm">
        {title}
      </Text>
      {children}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="xs" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button size="xs" loading={pending} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </Group>
    </GroupPanel>
  );
}
