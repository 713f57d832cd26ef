import { Divider, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconMailOpened, IconMailX } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { InviteTokenSchema } from '../../../shared/team.schema.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { AcceptInvitationForm } from './accept-invitation.form.tsx';
import { InvitationDetails } from './invitation-details.tsx';
import { InvitationMessage } from './invitation-message.tsx';
import { JoinWithAccountForm } from './join-with-account.form.tsx';
import { useEnterWorkspace } from './use-enter-workspace.ts';

const LOAD_FAILED = 'This invitation link is invalid, expired, or has already been used.';

/** Who joined which workspace, and whether a new account was made for it. */
type Joined = { organizationName: string; newAccount: boolean };

/**
 * /invite/:token (SPEC §2): every state of an invitation link, from a malformed token to
 * the welcome that opens the workspace two seconds later.
 */
export function AcceptInvitationPage() {
  useDocumentTitle('Invitation · Keel');
  const { token } = useParams({ from: '/invite/$token' });
  // Tokens are 32 random bytes in base64url: anything else cannot be one.
  const wellFormed = InviteTokenSchema.safeParse({ token }).success;
  const invitation = trpc.invitations.get.useQuery(
    { token },
    { enabled: wellFormed, retry: false },
  );
  const enterWorkspace = useEnterWorkspace();
  const [joined, setJoined] = useState<Joined | null>(null);

  const accepted = (newAccount: boolean) => (organizationName: string) => {
    setJoined({ organizationName, newAccount });
    void enterWorkspace();
  };

  let content;
  if (!wellFormed) {
    content = (
      <InvitationMessage
        icon={<IconMailX size={30} stroke={1.5} />}
        color="red"
        title="Invalid Invitation"
      >
        This invitation link is invalid or malformed.
      </InvitationMessage>
    );
  } else if (joined) {
    content = (
      <InvitationMessage
        icon={<IconCircleCheck size={30} stroke={1.5} />}
        color="teal"
        title={`Welcome to ${joined.organizationName}!`}
        busy
      >
        {joined.newAccount
          ? 'Your account has been created successfully. Taking you to your workspace...'
          : `${joined.organizationName} has been added to your account. Taking you to your workspace...`}
      </InvitationMessage>
    );
  } else if (invitation.isPending) {
    content = (
      <InvitationMessage
        icon={<IconMailOpened size={30} stroke={1.5} />}
        color="indigo"
        title="Loading invitation..."
        busy
      >
        Checking your invitation link.
      </InvitationMessage>
    );
  } else if (invitation.isError) {
    content = (
      <InvitationMessage
        icon={<IconMailX size={30} stroke={1.5} />}
        color="red"
        title="Invitation Error"
      >
        {messageOf(invitation.error) || LOAD_FAILED}
      </InvitationMessage>
    );
  } else {
    const data = invitation.data;
    content = (
      <Stack gap="lg">
        <Stack gap={6} ta="center">
          <Title order={1} fz={26}>
            {`Join ${data.organizationName}`}
          </Title>
          <Text c="dimmed" size="sm">
            {data.accountExists
              ? 'You have been invited to join this workspace on Keel.'
              : 'You have been invited to join this workspace on Keel. Create a password to set up your account.'}
          </Text>
        </Stack>
        <InvitationDetails invitation={data} />
        <Divider />
        {data.accountExists ? (
          <JoinWithAccountForm token={token} email={data.email} onAccepted={accepted(false)} />
        ) : (
          <AcceptInvitationForm token={token} onAccepted={accepted(true)} />
        )}
      </Stack>
    );
  }

  return <CenteredLayout>{content}</CenteredLayout>;
}

export default AcceptInvitationPage;
