import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconMailForward } from '@tabler/icons-react';
import { showDate } from '../../components/display-preferences.tsx';
import { ROLE_LABELS, type WorkspaceRole } from '../../../shared/roles.ts';
import type { InviteResult } from './invite-member.form.tsx';

/**
 * After an invitation: the link itself, so the inviter can pass it on when no mail
 * server is configured (the email then only reaches the server log).
 */
export function InviteLinkPanel({
  result,
  onInviteAnother,
  onDone,
}: {
  result: InviteResult;
  onInviteAnother: () => void;
  onDone: () => void;
}) {
  const role = ROLE_LABELS[result.invitation.role as WorkspaceRole] ?? result.invitation.role;
  return (
    <Stack gap="md">
      <Alert variant="light" color="teal" icon={<IconMailForward size={18} />}>
        <Text size="sm">
          An invitation to join as <strong>{role}</strong> was sent to{' '}
          <strong>{result.invitation.email}</strong>.
        </Text>
      </Alert>
      <TextInput
        label="Invitation link"
        description={`Anyone with this link can join until ${showDate(result.invitation.expiresAt, 'long')}. Share it only with ${result.invitation.email}.`}
        value={result.inviteUrl}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        rightSectionPointerEvents="all"
        rightSection={
          <CopyButton value={result.inviteUrl} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label="Copy invitation link"
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onInviteAnother}>
          Invite Another
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
