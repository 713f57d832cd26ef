import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while authentication loads (SPEC §2). */
export function FullScreenLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** Shown inside a layout while a lazily loaded page arrives. */
export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
