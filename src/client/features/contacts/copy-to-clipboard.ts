import { toastError, toastSuccess } from '../../components/toasts.tsx';

/**
 * Copies a value and says so. Mantine's useClipboard reports through a `copied` flag that
 * stays true for two seconds, so a second click in that window would show no toast; this
 * waits for the clipboard's own promise instead and answers every click.
 */
export async function copyToClipboard(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    toastSuccess('Copied to clipboard');
  } catch {
    toastError('Error', 'Failed to copy to clipboard');
  }
}
