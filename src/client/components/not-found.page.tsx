import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompassOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Center py={64}>
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconCompassOff size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2}>404 Page Not Found</Title>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Button variant="light" renderRoot={(props) => <Link to="/" {...props} />}>
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
