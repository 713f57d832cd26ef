import { Text, Tooltip, UnstyledButton } from '@mantine/core';
import { copyToClipboard } from './copy-to-clipboard.ts';

/** An email or phone number that copies itself when clicked (SPEC §2 Contacts). */
export function CopyableText({ value, label }: { value: string; label: string }) {
  return (
    <Tooltip label="Click to copy" openDelay={700}>
      <UnstyledButton
        onClick={() => void copyToClipboard(value)}
        aria-label={`Copy ${label} ${value}`}
        maw="100%"
        display="block"
      >
        <Text size="sm" c="var(--mantine-color-anchor)" truncate="end">
          {value}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );
}
