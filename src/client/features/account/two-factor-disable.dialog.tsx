import { zodResolver } from '@hookform/resolvers/zod';
import { Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TwoFactorDisableSchema } from '../../../shared/two-factor.schema.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { messageOf, trpc } from '../../trpc.ts';

type DisableValues = z.infer<typeof TwoFactorDisableSchema>;
const EMPTY: DisableValues = { password: '', code: '' };

/** Turning two-factor sign-in off takes the password and a code (or a recovery code). */
export function TwoFactorDisableDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const disable = trpc.account.disableTwoFactor.useMutation({
    meta: {
      success: 'Two-factor sign-in is off',
      invalidates: [trpc.account.twoFactor],
    },
  });
  const form = useForm<DisableValues>({
    resolver: zodResolver(TwoFactorDisableSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    onClose();
    form.reset(EMPTY);
  };

  const submit = async (values: DisableValues) => {
    try {
      await disable.mutateAsync(values);
      close();
    } catch (error) {
      // Each refusal under the field it is about; anything else (the rate limit) under the code.
      const message = messageOf(error) || 'Two-factor sign-in could not be turned off';
      form.setError(message === 'Password is incorrect' ? 'password' : 'code', { message });
    }
  };

  return (
    <FormDialog opened={opened} onClose={close} title="Turn Off Two-Factor Sign-In">
      <DialogForm
        onSubmit={form.handleSubmit(submit)}
        pending={isSubmitting}
        submitLabel={isSubmitting ? 'Turning off...' : 'Turn Off'}
        danger
        onCancel={close}
      >
        <Text size="sm" c="dimmed">
          Your password alone will sign you in again. Confirm with your password and a code.
        </Text>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          withAsterisk
          data-autofocus
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextInput
          label="Verification code"
          description="From your authenticator app, or one of your recovery codes"
          autoComplete="one-time-code"
          maxLength={64}
          withAsterisk
          error={errors.code?.message}
          {...form.register('code')}
        />
      </DialogForm>
    </FormDialog>
  );
}
