import {
  Anchor,
  Button,
  Fieldset,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  type TextInputProps,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { FormEventHandler, ReactNode, Ref } from 'react';
import type { AppPath } from '../../components/app-shell/navigation.ts';

/** A signed-out screen's heading: the page's only h1, and a line saying what to do. */
export function AuthHeading({
  title,
  eyebrow,
  children,
}: {
  title: string;
  /** Above the title, small: "Step 1 of 2". */
  eyebrow?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap={6}>
      {eyebrow}
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Text c="dimmed">{children}</Text>
    </Stack>
  );
}

/**
 * A signed-out screen's form: its fields, then the full-width submit, all disabled while
 * it is pending.
 */
export function AuthForm({
  onSubmit,
  pending = false,
  submitLabel,
  onBack,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending?: boolean;
  /** What the button says, then while pending. */
  submitLabel: [idle: string, busy?: string];
  /** A Back button before the submit, which then takes the rest of the row; undefined
   * while going back is not possible. */
  onBack?: (() => void) | null;
  children: ReactNode;
}) {
  const submit = (
    <Button type="submit" size="md" fullWidth mt="xs" disabled={pending} flex={1}>
      {pending ? submitLabel[1] : submitLabel[0]}
    </Button>
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Fieldset variant="unstyled" disabled={pending}>
        <Stack gap="md">
          {children}
          {onBack === undefined ? (
            submit
          ) : (
            <Group gap="sm" wrap="nowrap" align="flex-end">
              <Button
                variant="default"
                size="md"
                onClick={onBack ?? undefined}
                disabled={pending || !onBack}
              >
                Back
              </Button>
              {submit}
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}

/** The line under a signed-out form leading elsewhere: "Don't have an account? Sign up". */
export function AuthFootLink({
  prompt,
  to,
  children,
}: {
  prompt?: ReactNode;
  to: AppPath;
  children: ReactNode;
}) {
  return (
    <Text size="sm" c="dimmed" ta="center">
      {prompt && <>{prompt} </>}
      <Anchor fw={600} renderRoot={(props) => <Link to={to} {...props} />}>
        {children}
      </Anchor>
    </Text>
  );
}

/** The email that signs in, the first field of the sign-in and reset screens. */
export function WorkEmailInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      label="Work email"
      placeholder="you@company.com"
      type="email"
      autoComplete="email"
      autoFocus
      {...props}
    />
  );
}
