import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoginInputSchema, type LoginInput } from '../../../shared/auth.schema.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { AuthFootLink, AuthForm, AuthHeading, WorkEmailInput } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { LOGIN_FAILED, loginErrorMessage } from './auth-errors.ts';
import { useRefreshSession } from './session.ts';
import { TwoFactorStep } from './two-factor-step.tsx';
import { fieldProps } from '../../components/form/field-props.ts';

/** /login, and every path a signed-out visitor opens that has no screen of its own. */
export function LoginPage() {
  useDocumentTitle('Sign in · Keel');
  const navigate = useNavigate();
  const login = trpc.auth.login.useMutation({
    meta: {
      // With two-factor sign-in, the welcome waits for the code.
      success: (result: object) => ('twoFactorRequired' in result ? undefined : 'Welcome back!'),
      error: (error: unknown) => [LOGIN_FAILED, loginErrorMessage(error)],
    },
  });
  const refreshSession = useRefreshSession();
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = async (values: LoginInput) => {
    const result = await succeeded(login.mutateAsync(values));
    if (result === undefined) return;
    if ('twoFactorRequired' in result) setCodeStep(true);
    else await signedIn();
  };

  const signedIn = async () => {
    // The server makes a user's only workspace current. Move to / while still signed out
    // (this same screen shows there), then load the session: the dashboard or the
    // workspace choice replaces it without a flash.
    await navigate({ to: '/' });
    await refreshSession();
  };

  const pending = isSubmitting || login.isPending;

  if (codeStep) {
    return (
      <AuthLayout>
        <TwoFactorStep onSignedIn={signedIn} onBack={() => setCodeStep(false)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Stack gap="xl">
        <AuthHeading title="Welcome back">
          Sign in to your workspace to pick up where you left off.
        </AuthHeading>
        <AuthForm
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
          pending={pending}
          submitLabel={['Sign In to Continue', 'Signing in...']}
        >
          <WorkEmailInput {...fieldProps(form, 'email')} />
          <PasswordField
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            {...fieldProps(form, 'password')}
          />
          <Anchor
            size="sm"
            mt={-6}
            style={{ alignSelf: 'flex-end' }}
            renderRoot={(props) => <Link to="/forgot-password" {...props} />}
          >
            Forgot password?
          </Anchor>
        </AuthForm>
        <AuthFootLink prompt="Don't have an account?" to="/signup">
          Sign up
        </AuthFootLink>
      </Stack>
    </AuthLayout>
  );
}
