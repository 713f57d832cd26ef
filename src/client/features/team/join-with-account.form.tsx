import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AcceptInvitationSchema } from '../../../shared/team.schema.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { succeeded } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';

// Every existing account's password has at least six characters (SPEC §9), so the
// acceptance call's own rule serves the form too.
const JoinFormSchema = AcceptInvitationSchema.pick({ password: true });
type JoinFormValues = z.infer<typeof JoinFormSchema>;

/**
 * The invited email already has a Keel account: joining takes that account's password
 * instead of a new one, and adds the workspace to it.
 */
export function JoinWithAccountForm({
  token,
  email,
  onAccepted,
}: {
  token: string;
  email: string;
  onAccepted: (organizationName: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const accept = trpc.invitations.accept.useMutation({
    // SPEC §8: the failure is shown inline, not as a toast.
    onError: (error) => setFailure(messageOf(error) || 'Failed to accept invitation'),
  });
  const form = useForm<JoinFormValues>({
    resolver: zodResolver(JoinFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: JoinFormValues) => {
    setFailure(null);
    const result = await succeeded(accept.mutateAsync({ token, password: values.password }));
    if (result) onAccepted(result.organizationName);
  };

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {email} already has a Keel account. Enter its password to add this workspace to it.
        </Text>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <PasswordField
          label="Your Password"
          autoComplete="current-password"
          withAsterisk
          error={errors.password?.message}
          disabled={isSubmitting}
          {...form.register('password')}
        />
        <Button
          type="submit"
          fullWidth
          size="md"
          disabled={isSubmitting}
          // The long label wraps on a phone instead of running out of the button.
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        >
          {isSubmitting ? 'Joining Workspace...' : 'Accept Invitation & Join'}
        </Button>
      </Stack>
    </form>
  );
}
