import { Text, Tooltip, UnstyledButton } from '@mantine/core';
import { copyEmail } from './copy-email.ts';

/** An email that copies itself when clicked (SPEC §2 Team). */
export function MemberEmailButton({ email }: { email: string }) {
  return (
    <Tooltip label="Click to copy">
      <UnstyledButton
        onClick={() => void copyEmail(email)}
        aria-label={`Copy email ${email}`}
        maw="100%"
        display="block"
      >
        <Text size="sm" c="var(--mantine-color-anchor)" truncate="end">
          {email}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );
}
