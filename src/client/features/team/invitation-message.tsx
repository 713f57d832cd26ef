import { Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One state of the invitation page: an icon, a heading and a sentence, centred. */
export function InvitationMessage({
  icon,
  color,
  title,
  children,
  busy = false,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  busy?: boolean;
}) {
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={1} fz={24}>
        {title}
      </Title>
      <Text c="dimmed">{children}</Text>
      {busy && <Loader size="sm" mt="xs" aria-label="Redirecting" />}
    </Stack>
  );
}
