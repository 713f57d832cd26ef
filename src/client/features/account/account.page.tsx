import { Card, Stack, Text, Title } from '@mantine/core';
import { useMe } from '../auth/session.ts';

/** /account: a placeholder until the account issue builds the page (SPEC §2 Account). */
export function AccountPage() {
  const me = useMe();
  const user = me.data;
  return (
    <Stack gap="lg" maw={720}>
      <Card withBorder radius="lg" p="xl">
        <Title order={2} fz="lg">
          Account Settings
        </Title>
        {user && (
          <Stack gap={2} mt="md">
            <Text fw={600}>{`${user.firstName} ${user.lastName}`.trim() || user.email}</Text>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
          </Stack>
        )}
        <Text size="sm" c="dimmed" mt="md">
          Profile photo, password, preferences and sessions will be managed here.
        </Text>
      </Card>
    </Stack>
  );
}

export default AccountPage;
