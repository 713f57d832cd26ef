import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconLink, IconMailForward, IconMailOff } from '@tabler/icons-react';
import { CopyLinkField } from '../../components/copy-link-field.tsx';
import { showDate } from '../../components/display-preferences.tsx';
import { ROLE_LABELS, type WorkspaceRole } from '../../../shared/roles.ts';

/** What the panel needs of an invitation just sent, resent or given a new link. */
export interface InvitationLink {
  invitation: { email: string; role: string; expiresAt: string };
  inviteUrl: string;
  emailSent: boolean;
  mailConfigured: boolean;
}

/** Whether the email went out, and if not, that the inviter passes the link on. */
function EmailOutcomeAlert({
  result,
  role,
  emailRequested,
  renewed,
}: {
  result: InvitationLink;
  role: string;
  emailRequested: boolean;
  renewed: boolean;
}) {
  const email = <strong>{result.invitation.email}</strong>;
  const previous = renewed ? ' The link sent before no longer works.' : '';
  if (result.emailSent) {
    return (
      <Alert variant="light" color="teal" icon={<IconMailForward size={18} />}>
        <Text size="sm">
          An invitation to join as <strong>{role}</strong> was sent to {email}.{previous}
        </Text>
      </Alert>
    );
  }
  if (!emailRequested) {
    return (
      <Alert variant="light" color="indigo" icon={<IconLink size={18} />}>
        <Text size="sm">
          A new link to join as <strong>{role}</strong> was made for {email}. Copy it and send it
          yourself.{previous}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert variant="light" color="yellow" icon={<IconMailOff size={18} />}>
      <Text size="sm">
        {result.mailConfigured ? (
          <>The email to {email} could not be sent.</>
        ) : (
          <>Email is not configured on this server, so no email was sent to {email}.</>
        )}{' '}
        Copy the link below and send it yourself.{previous}
      </Text>
    </Alert>
  );
}

/**
 * After an invitation, a resend or a new link: whether the email went out, and the link
 * itself, so the inviter can pass it on when no mail server is configured (the email then
 * only reaches the server log) or the mail server refused it.
 */
export function InviteLinkPanel({
  result,
  onInviteAnother,
  onDone,
  emailRequested = true,
  renewed = false,
}: {
  result: InvitationLink;
  onInviteAnother?: () => void;
  onDone: () => void;
  /** False for Copy link: a new link was asked for, not an email. */
  emailRequested?: boolean;
  /** A resend or a new link: the link sent before no longer works. */
  renewed?: boolean;
}) {
  const role = ROLE_LABELS[result.invitation.role as WorkspaceRole] ?? result.invitation.role;
  return (
    <Stack gap="md">
      <EmailOutcomeAlert
        result={result}
        role={role}
        emailRequested={emailRequested}
        renewed={renewed}
      />
      <CopyLinkField
        label="Invitation link"
        description={`Anyone with this link can join until ${showDate(result.invitation.expiresAt, 'long')}. Share it only with ${result.invitation.email}.`}
        url={result.inviteUrl}
        copyLabel="Copy invitation link"
      />
      <Group justify="flex-end" gap="sm" mt="xs">
        {onInviteAnother && (
          <Button variant="default" onClick={onInviteAnother}>
            Invite Another
          </Button>
        )}
        <Button onClick={onDone} data-autofocus={onInviteAnother ? undefined : true}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
