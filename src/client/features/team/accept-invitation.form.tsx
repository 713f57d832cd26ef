import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AcceptInvitationFormSchema } from '../../../shared/team.schema.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { succeeded } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';

type AcceptFormValues = z.infer<typeof AcceptInvitationFormSchema>;

/** A new account: choose a password twice (SPEC §2, §5). */
export function AcceptInvitationForm({
  token,
  onAccepted,
}: {
  token: string;
  onAccepted: (organizationName: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const accept = trpc.invitations.accept.useMutation({
    // SPEC §8: the failure is shown inline, not as a toast.
    onError: (error) => setFailure(messageOf(error) || 'Failed to accept invitation'),
  });
  const form = useForm<AcceptFormValues>({
    resolver: zodResolver(AcceptInvitationFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: AcceptFormValues) => {
    setFailure(null);
    const result = await succeeded(accept.mutateAsync({ token, password: values.password }));
    if (result) onAccepted(result.organizationName);
  };

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        )}
        <PasswordField
          label="Create Password"
          placeholder="At least 6 characters"
          autoComplete="new-password"
          withAsterisk
          error={errors.password?.message}
          disabled={isSubmitting}
          {...form.register('password')}
        />
        <PasswordField
          label="Confirm Password"
          placeholder="Repeat your password"
          autoComplete="new-password"
          withAsterisk
          error={errors.confirmPassword?.message}
          disabled={isSubmitting}
          {...form.register('confirmPassword')}
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
          {isSubmitting ? 'Creating Account...' : 'Accept Invitation & Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
