import { Anchor, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { httpStatusOf, messageOf, trpc } from '../../trpc.ts';
import { toastError } from '../../components/toasts.tsx';
import { AuthForm, AuthHeading } from './auth-form.tsx';

/**
 * The second step of /login when the account has two-factor sign-in: a code from the
 * authenticator app, or one of the recovery codes. The password step signed nothing in;
 * this one does, and then the login page carries on as after a password.
 */
export function TwoFactorStep({
  onSignedIn,
  onBack,
}: {
  onSignedIn: () => Promise<void>;
  onBack: () => void;
}) {
  const verify = trpc.auth.loginTwoFactor.useMutation({ meta: { success: 'Welcome back!' } });
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code');
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync({ code });
    } catch (failure) {
      // Over five minutes since the password (or signed out meanwhile): start again.
      if (httpStatusOf(failure) === 400) {
        toastError('Sign-in expired', messageOf(failure));
        onBack();
        return;
      }
      setError(messageOf(failure) || 'An unexpected error occurred. Please try again.');
      return;
    }
    setFinishing(true);
    await onSignedIn();
  };

  const switchMode = () => {
    setRecovery((value) => !value);
    setCode('');
    setError(null);
  };

  const pending = verify.isPending || finishing;

  return (
    <Stack gap="xl">
      <AuthHeading title="Two-factor sign-in">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app'}
      </AuthHeading>
      <AuthForm
        onSubmit={(event) => void submit(event)}
        pending={pending}
        submitLabel={['Verify and Sign In', 'Verifying...']}
      >
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : 'Verification code'}
          placeholder={recovery ? 'abcde-fghjk' : '123456'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={recovery ? 64 : 20}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
        />
      </AuthForm>
      <Stack gap="xs" align="center">
        <Anchor component="button" type="button" size="sm" onClick={switchMode}>
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
          Back to sign in
        </Anchor>
      </Stack>
    </Stack>
  );
}
