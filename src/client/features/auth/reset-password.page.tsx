import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  INVALID_RESET_LINK,
  ResetPasswordFormSchema,
  type ResetPasswordForm,
} from '../../../shared/password-reset.schema.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { succeeded } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';
import { AuthFootLink, AuthForm, AuthHeading } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useRefreshSession } from './session.ts';
import { fieldProps } from '../../components/form/field-props.ts';

/** Tokens are 32 random bytes in base64url: anything else cannot be one. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A link that cannot set a password, and the way to a new one. */
function InvalidLink() {
  return (
    <Stack gap="xl">
      <Title order={1} fz={28}>
        Reset your password
      </Title>
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={20} />}
        title={`${INVALID_RESET_LINK}.`}
        role="alert"
      >
        Links work once, for one hour, and only the newest one sent to you works.
      </Alert>
      <Button size="md" fullWidth renderRoot={(props) => <Link to="/forgot-password" {...props} />}>
        Request a new link
      </Button>
      <AuthFootLink to="/login">Back to sign in</AuthFootLink>
    </Stack>
  );
}

/**
 * /reset-password/:token, the link of the reset email: a new password under the same
 * rules as a password change. Setting it signs the account out everywhere; the user then
 * signs in with it.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password · Keel');
  const { token } = useParams({ from: '/reset-password/$token' });
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const [linkDead, setLinkDead] = useState(!TOKEN_PATTERN.test(token));
  const reset = trpc.auth.resetPassword.useMutation({
    meta: {
      success: ['Password updated', 'Sign in with your new password.'],
      // A dead link replaces the form instead (below).
      error: (error: unknown) =>
        messageOf(error).startsWith(INVALID_RESET_LINK)
          ? undefined
          : ['Password reset failed', messageOf(error) || 'Please try again.'],
    },
    onError: (error) => {
      if (messageOf(error).startsWith(INVALID_RESET_LINK)) setLinkDead(true);
    },
  });
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;
  const pending = isSubmitting || reset.isPending;

  const onSubmit = async ({ password }: ResetPasswordForm) => {
    if ((await succeeded(reset.mutateAsync({ token, password }))) === undefined) return;
    // Every session of the account ended, this browser's too if it was signed in.
    await refreshSession();
    await navigate({ to: '/login', replace: true });
  };

  return (
    <AuthLayout>
      {linkDead ? (
        <InvalidLink />
      ) : (
        <Stack gap="xl">
          <AuthHeading title="Choose a new password">
            At least 8 characters, with a lowercase letter, an uppercase letter and a number.
            Setting it signs you out on every device and revokes your API tokens.
          </AuthHeading>
          <AuthForm
            onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
            pending={pending}
            submitLabel={['Set New Password', 'Saving...']}
          >
            <PasswordField
              label="New password"
              placeholder="At least 8 characters"
              autoComplete="new-password"
              autoFocus
              {...fieldProps(form, 'password')}
            />
            <PasswordField
              label="Confirm new password"
              placeholder="Type it again"
              autoComplete="new-password"
              {...fieldProps(form, 'confirmPassword')}
            />
          </AuthForm>
          <AuthFootLink to="/login">Back to sign in</AuthFootLink>
        </Stack>
      )}
    </AuthLayout>
  );
}
