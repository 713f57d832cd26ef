import { Anchor, Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLogout, useMe } from '../features/auth/session.ts';
import { KeelLogo } from './keel-logo.tsx';

/** A full-screen frame with one centred card, for screens outside the app shell. */
export function CenteredLayout({ children, width = 480 }: { children: ReactNode; width?: number }) {
  const me = useMe();
  const { logout, isPending } = useLogout();
  return (
    <Stack
      mih="100dvh"
      gap={0}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Group justify="space-between" px={{ base: 'md', sm: 'xl' }} py="md" wrap="nowrap">
        <KeelLogo />
        {me.data && (
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" truncate visibleFrom="xs">
              {me.data.email}
            </Text>
            <Anchor
              component="button"
              size="sm"
              fw={600}
              onClick={() => void logout()}
              disabled={isPending}
            >
              Log Out
            </Anchor>
          </Group>
        )}
      </Group>
      <Center flex={1} px={{ base: 'sm', sm: 'md' }} pb={48}>
        <Box w="100%" maw={width}>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
            {children}
          </Paper>
        </Box>
      </Center>
    </Stack>
  );
}
