import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { showDate } from '../../components/display-preferences.tsx';
import { trpc } from '../../trpc.ts';

/** Contracts sent and waiting for the client's signature (the oldest five), when there are any. */
export function AwaitingSignatureCard() {
  const stats = trpc.dashboard.stats.useQuery();
  const awaiting = stats.data?.contractsAwaitingSignature;
  if (!awaiting || awaiting.count === 0) return null;
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="awaiting-signature"
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={2} fz="md" id="awaiting-signature">
            Awaiting signature
          </Title>
          <Badge variant="light" size="sm">
            {awaiting.count}
          </Badge>
        </Group>
        <Anchor size="sm" renderRoot={(props) => <Link to="/contracts" {...props} />}>
          View all
        </Anchor>
      </Group>
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {awaiting.items.map((c) => (
          <Group
            key={c.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={2} miw={0}>
              <Anchor
                size="sm"
                fw={500}
                truncate="end"
                renderRoot={(props) => (
                  <Link
                    to="/contracts/$contractId"
                    params={{ contractId: String(c.id) }}
                    {...props}
                  />
                )}
              >
                {c.title}
              </Anchor>
              <Text size="xs" c="dimmed" truncate="end">
                {c.clientName}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Badge size="xs" variant="light" color={c.status === 'viewed' ? 'violet' : 'blue'}>
                {c.status === 'viewed' ? 'Viewed' : 'Sent'}
              </Badge>
              {c.sentAt && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  Sent {showDate(c.sentAt)}
                </Text>
              )}
            </Stack>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
