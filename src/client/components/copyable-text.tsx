import { Text, Tooltip, UnstyledButton } from '@mantine/core';
import { toastError, toastSuccess } from './toasts.tsx';

/** The success toast: a title and, if any, a message. */
type CopiedToast = [title: string, message?: string];

/**
 * Copies a value and says so. Mantine's useClipboard reports through a `copied` flag that
 * stays true for two seconds, so a second click in that window would show no toast; this
 * waits for the clipboard's own promise instead and answers every click.
 */
export async function copyToClipboard(
  value: string,
  copied: CopiedToast = ['Copied to clipboard'],
): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    toastSuccess(...copied);
  } catch {
    toastError('Error', 'Failed to copy to clipboard');
  }
}

/**
 * An email or phone number that copies itself when clicked (SPEC §2 Contacts, Team). Its
 * accessible name says what a click does: "Copy {label} {value}".
 */
export function CopyableText({
  value,
  label,
  copied,
  openDelay = 700,
}: {
  value: string;
  label: string;
  /** The toast after copying, when the screen's SPEC words it otherwise. */
  copied?: CopiedToast;
  /** How long the "Click to copy" tooltip waits, in ms. */
  openDelay?: number;
}) {
  return (
    <Tooltip label="Click to copy" openDelay={openDelay}>
      <UnstyledButton
        onClick={() => void copyToClipboard(value, copied)}
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
