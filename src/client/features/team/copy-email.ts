import { toastError, toastSuccess } from '../../components/toasts.tsx';

/**
 * SPEC §2 Team: clicking an email copies it. The clipboard's own promise decides the
 * toast, so every click answers (a `copied` flag would stay set and swallow a second one).
 */
export async function copyEmail(email: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(email);
    toastSuccess('Copied!', 'Email copied to clipboard');
  } catch {
    toastError('Error', 'Failed to copy to clipboard');
  }
}
