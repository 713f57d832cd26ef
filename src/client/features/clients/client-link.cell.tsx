import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A list's client cell: the name, opening the client's page, and a dimmed line under it. */
export function ClientLinkCell({
  client,
  detail,
}: {
  client: { id: number; name: string };
  detail: string | null;
}) {
  return (
    <>
      <Anchor
        renderRoot={(props) => (
          <Link to="/clients/$clientId" params={{ clientId: String(client.id) }} {...props} />
        )}
        fw={600}
        size="sm"
        display="block"
        truncate="end"
      >
        {client.name}
      </Anchor>
      {detail && (
        <Text size="xs" c="dimmed" truncate="end">
          {detail}
        </Text>
      )}
    </>
  );
}
