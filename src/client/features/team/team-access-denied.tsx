import { Card, EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** SPEC §2: what a member without team rights sees at /team. */
export function TeamAccessDenied() {
  return (
    <Card withBorder radius="lg" py={56} px="md" maw={720}>
      <EmptyState
        variant="light"
        color="red"
        icon={<IconLock size={26} stroke={1.6} />}
        title="Access Denied"
        description="You don't have permission to view team management."
      />
    </Card>
  );
}
