import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  TwoFactorEnableSchema,
  type TwoFactorEnabledSchema,
  type TwoFactorSetup,
} from '../../../shared/two-factor.schema.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { succeeded } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';
import { RecoveryCodesPanel } from './two-factor-recovery-codes.panel.tsx';

type CodeFormValues = z.input<typeof TwoFactorEnableSchema>;
type CodeInput = z.output<typeof TwoFactorEnableSchema>;
const EMPTY: CodeFormValues = { code: '', revokeApiTokens: false };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the server says it ended, in the toast: only what it confirmed. */
function enabledMessage({
  otherSessionsEnded,
  apiTokensRevoked,
}: z.output<typeof TwoFactorEnabledSchema>): string {
  const sessions =
    otherSessionsEnded === 0
      ? 'No other session was signed in.'
      : `${plural(otherSessionsEnded, 'other session was', 'other sessions were')} signed out.`;
  const tokens =
    apiTokensRevoked === 0
      ? ''
      : ` ${plural(apiTokensRevoked, 'API token was', 'API tokens were')} revoked.`;
  return `${sessions}${tokens} Keep your recovery codes safe.`;
}

/** "ABCD EFGH …": the secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Setting up two-factor sign-in: the QR code (drawn by the server, so no QR library comes
 * to the browser) and the secret for typing by hand, then a first code to confirm, then
 * the ten recovery codes, shown this once.
 */
export function TwoFactorEnrolDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const setup = trpc.account.setupTwoFactor.useMutation();
  const enable = trpc.account.enableTwoFactor.useMutation({
    meta: {
      success: (answer: z.output<typeof TwoFactorEnabledSchema>) => [
        'Two-factor sign-in is on',
        enabledMessage(answer),
      ],
      invalidates: [trpc.account.twoFactor, trpc.account.sessions, trpc.account.apiTokens],
    },
  });
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm<CodeFormValues, unknown, CodeInput>({
    resolver: zodResolver(TwoFactorEnableSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  // A new secret each time the dialog opens: one scanned and abandoned is simply replaced.
  const { mutateAsync: startSetup, reset: resetSetup } = setup;
  useEffect(() => {
    if (!opened) return;
    void succeeded(startSetup()).then((answer) => {
      if (answer) setSecret(answer);
    });
  }, [opened, startSetup]);

  const close = () => {
    onClose();
    setSecret(null);
    setRecoveryCodes(null);
    resetSetup();
    form.reset(EMPTY);
  };

  const confirm = async (values: CodeInput) => {
    try {
      const answer = await enable.mutateAsync(values);
      setRecoveryCodes(answer.recoveryCodes);
    } catch (error) {
      form.setError('code', {
        message: messageOf(error) || 'Two-factor sign-in could not be turned on',
      });
    }
  };

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodesPanel codes={recoveryCodes} onDone={close} />;
  } else if (setup.isError) {
    body = (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {messageOf(setup.error) || 'Two-factor sign-in could not be set up. Please try again.'}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  } else if (!secret) {
    body = (
      <Center py="xl">
        <Loader aria-label="Preparing your secret" />
      </Center>
    );
  } else {
    body = (
      <DialogForm
        onSubmit={form.handleSubmit(confirm)}
        pending={isSubmitting}
        submitLabel={isSubmitting ? 'Verifying...' : 'Turn On'}
        onCancel={close}
      >
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy,
          …).
        </Text>
        <Center>
          {/* White around the code in both themes: scanners need the quiet zone. */}
          <Box bg="white" p={6} bdrs="md" style={{ lineHeight: 0 }}>
            <Image
              src={secret.qrCode}
              alt="QR code for your authenticator app"
              w={180}
              h={180}
              fit="contain"
            />
          </Box>
        </Center>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Cannot scan it? Enter this key in the app instead:
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code fz="sm" style={{ flex: 1, wordBreak: 'break-all' }} aria-label="Secret key">
              {grouped(secret.secret)}
            </Code>
            <CopyButton value={secret.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy key'}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label="Copy key"
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <TextInput
          label="2. Enter the 6-digit code from the app"
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          data-autofocus
          error={errors.code?.message}
          {...form.register('code')}
        />
        {/* Tokens were made with the password alone: the user decides whether they go too. */}
        <Checkbox
          label="Also revoke my API tokens"
          description="Scripts using them stop working; you can create new ones."
          {...form.register('revokeApiTokens')}
        />
      </DialogForm>
    );
  }

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={recoveryCodes ? 'Save Your Recovery Codes' : 'Set Up Two-Factor Sign-In'}
      // The recovery codes are shown once: no stray click closes them away.
      closeOnClickOutside={!recoveryCodes}
      closeOnEscape={!recoveryCodes}
    >
      {body}
    </FormDialog>
  );
}
