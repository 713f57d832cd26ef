import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AcceptInvitationFormSchema } from '../../../shared/team.schema.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { InvitationFormFrame, useAcceptInvitation } from './invitation-form-frame.tsx';
import { fieldProps } from '../../components/form/field-props.ts';

type AcceptFormValues = z.infer<typeof AcceptInvitationFormSchema>;

/** A new account: choose a password twice (SPEC §2, §5). */
export function AcceptInvitationForm({
  token,
  onAccepted,
}: {
  token: string;
  onAccepted: (organizationName: string) => void;
}) {
  const { failure, acceptWith } = useAcceptInvitation(token, onAccepted);
  const form = useForm<AcceptFormValues>({
    resolver: zodResolver(AcceptInvitationFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;

  return (
    <InvitationFormFrame
      onSubmit={(event) => void form.handleSubmit((values) => acceptWith(values.password))(event)}
      failure={failure}
      submitting={isSubmitting}
      submitLabel={['Accept Invitation & Create Account', 'Creating Account...']}
    >
      <PasswordField
        label="Create Password"
        placeholder="At least 6 characters"
        autoComplete="new-password"
        withAsterisk
        disabled={isSubmitting}
        {...fieldProps(form, 'password')}
      />
      <PasswordField
        label="Confirm Password"
        placeholder="Repeat your password"
        autoComplete="new-password"
        withAsterisk
        disabled={isSubmitting}
        {...fieldProps(form, 'confirmPassword')}
      />
    </InvitationFormFrame>
  );
}
