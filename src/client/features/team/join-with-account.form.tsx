import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AcceptInvitationSchema } from '../../../shared/team.schema.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { InvitationFormFrame, useAcceptInvitation } from './invitation-form-frame.tsx';
import { fieldProps } from '../../components/form/field-props.ts';

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
  const { failure, acceptWith } = useAcceptInvitation(token, onAccepted);
  const form = useForm<JoinFormValues>({
    resolver: zodResolver(JoinFormSchema),
    defaultValues: { password: '' },
  });
  const { isSubmitting } = form.formState;

  return (
    <InvitationFormFrame
      onSubmit={(event) => void form.handleSubmit((values) => acceptWith(values.password))(event)}
      failure={failure}
      submitting={isSubmitting}
      submitLabel={['Accept Invitation & Join', 'Joining Workspace...']}
      intro={
        <Text size="sm" c="dimmed">
          {email} already has a Keel account. Enter its password to add this workspace to it.
        </Text>
      }
    >
      <PasswordField
        label="Your Password"
        autoComplete="current-password"
        withAsterisk
        disabled={isSubmitting}
        {...fieldProps(form, 'password')}
      />
    </InvitationFormFrame>
  );
}
