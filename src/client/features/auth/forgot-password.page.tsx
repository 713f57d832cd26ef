import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordInputSchema,
  type ForgotPasswordInput,
} from '../../../shared/password-reset.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { AuthFootLink, AuthForm, AuthHeading, WorkEmailInput } from './auth-form.tsx';
import { fieldProps } from '../../components/form/field-props.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * /forgot-password: asks for the account's email and answers the same whether or not an
 * account has it (the server mails the link only when one does).
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password · Keel');
  const request = trpc.auth.forgotPassword.useMutation({
    meta: { error: withServerMessage('Could not send the link') },
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;
  const pending = isSubmitting || request.isPending;

  const onSubmit = async (values: ForgotPasswordInput) => {
    if ((await succeeded(request.mutateAsync(values))) === undefined) return;
    setSentTo(values.email);
  };

  if (sentTo !== null) {
    return (
      <AuthLayout>
        <Stack gap="xl">
          <ThemeIcon size={56} radius="xl" variant="light" color="indigo" aria-hidden>
            <IconMailForward size={30} stroke={1.5} />
          </ThemeIcon>
          <Stack gap={6}>
            <Title order={1} fz={28}>
              Check your email
            </Title>
            <Text role="status">{FORGOT_PASSWORD_ANSWER}</Text>
            <Text c="dimmed" size="sm">
              The link works once, for one hour. Nothing at {sentTo}? Look in your spam folder, or
              ask for another link.
            </Text>
          </Stack>
          <Stack gap="sm">
            <Button size="md" fullWidth renderRoot={(props) => <Link to="/login" {...props} />}>
              Back to sign in
            </Button>
            <Button
              variant="subtle"
              size="md"
              fullWidth
              onClick={() => {
                setSentTo(null);
                request.reset();
              }}
            >
              Send another link
            </Button>
          </Stack>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Stack gap="xl">
        <AuthHeading title="Forgot your password?">
          Enter the email you sign in with and we&apos;ll send you a link to choose a new password.
        </AuthHeading>
        <AuthForm
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
          pending={pending}
          submitLabel={['Send Reset Link', 'Sending...']}
        >
          <WorkEmailInput {...fieldProps(form, 'email')} />
        </AuthForm>
        <AuthFootLink prompt="Remembered it?" to="/login">
          Back to sign in
        </AuthFootLink>
      </Stack>
    </AuthLayout>
  );
}
