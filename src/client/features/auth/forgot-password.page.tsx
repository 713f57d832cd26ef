import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Fieldset, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
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
import { AuthLayout } from './auth-layout.tsx';

function BackToSignIn() {
  return (
    <Text size="sm" c="dimmed" ta="center">
      Remembered it?{' '}
      <Anchor fw={600} renderRoot={(props) => <Link to="/login" {...props} />}>
        Back to sign in
      </Anchor>
    </Text>
  );
}

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
  const { errors, isSubmitting } = form.formState;
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
        <Stack gap={6}>
          <Title order={1} fz={28}>
            Forgot your password?
          </Title>
          <Text c="dimmed">
            Enter the email you sign in with and we&apos;ll send you a link to choose a new
            password.
          </Text>
        </Stack>
        <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate>
          <Fieldset variant="unstyled" disabled={pending}>
            <Stack gap="md">
              <TextInput
                label="Work email"
                placeholder="you@company.com"
                type="email"
                autoComplete="email"
                autoFocus
                error={errors.email?.message}
                {...form.register('email')}
              />
              <Button type="submit" size="md" fullWidth mt="xs" disabled={pending}>
                {pending ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </Stack>
          </Fieldset>
        </form>
        <BackToSignIn />
      </Stack>
    </AuthLayout>
  );
}
