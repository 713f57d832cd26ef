import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { succeeded } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';

/**
 * Accepting an invitation with a password, a new one or the account's own: the call and
 * its failure, which SPEC §8 shows inline, not as a toast.
 */
export function useAcceptInvitation(token: string, onAccepted: (organizationName: string) => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const accept = trpc.invitations.accept.useMutation({
    onError: (error) => setFailure(messageOf(error) || 'Failed to accept invitation'),
  });
  const acceptWith = async (password: string) => {
    setFailure(null);
    const result = await succeeded(accept.mutateAsync({ token, password }));
    if (result) onAccepted(result.organizationName);
  };
  return { failure, acceptWith };
}

/** The invitation's password form: the failure above the fields, the submit below. */
export function InvitationFormFrame({
  onSubmit,
  failure,
  submitting,
  submitLabel,
  intro,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | null;
  submitting: boolean;
  /** What the button says, then while it submits. */
  submitLabel: [idle: string, busy: string];
  /** Above the failure, as the form's first words. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {intro}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        {children}
        <Button
          type="submit"
          fullWidth
          size="md"
          disabled={submitting}
          // The long label wraps on a phone instead of running out of the button.
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        >
          {submitting ? submitLabel[1] : submitLabel[0]}
        </Button>
      </Stack>
    </form>
  );
}
