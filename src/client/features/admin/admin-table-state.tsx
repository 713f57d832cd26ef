import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';

/**
 * What a console table shows instead of rows: a spinner while the first page loads, the
 * failure with a retry, or an empty state. Never sample rows: an empty list is an answer.
 */
export function AdminTableState({
  state,
  label,
  hint,
  onRetry,
}: {
  state: 'loading' | 'error' | 'empty';
  /** What is loading, what failed to load, or the empty state's title. */
  label: string;
  hint?: string;
  onRetry?: () => void;
}) {
  if (state === 'loading') {
    return (
      <Center py={56}>
        <Loader aria-label={label} />
      </Center>
    );
  }
  if (state === 'error') {
    return (
      <Alert m="md" color="red" icon={<IconAlertTriangle size={18} />} title={label}>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  return (
    <Center py={56} px="md">
      <Stack align="center" gap={6} maw={360}>
        <ThemeIcon variant="light" color="gray" size={44} radius="xl">
          <IconInbox size={22} />
        </ThemeIcon>
        <Text fw={600}>{label}</Text>
        {hint && (
          <Text size="sm" c="dimmed" ta="center">
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
