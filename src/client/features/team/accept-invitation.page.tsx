import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailX } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { CenteredLayout } from '../../components/centered-layout.tsx';

/** Invitation tokens are URL-safe random strings; anything else is a broken link. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * /invite/:token (SPEC §2). Accepting invitations arrives with the team issue; until then
 * every link is reported as unusable.
 */
export function AcceptInvitationPage() {
  useDocumentTitle('Invitation · Keel');
  const { token } = useParams({ from: '/invite/$token' });
  const malformed = !TOKEN_PATTERN.test(token);
  return (
    <CenteredLayout>
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconMailX size={30} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {malformed ? 'Invalid Invitation' : 'Invitation Error'}
        </Title>
        <Text c="dimmed">
          {malformed
            ? 'This invitation link is invalid or malformed.'
            : 'This invitation link is invalid, expired, or has already been used.'}
        </Text>
      </Stack>
    </CenteredLayout>
  );
}

export default AcceptInvitationPage;
