import { toastError } from '../../components/toasts.tsx';
import { messageOf } from '../../trpc.ts';
import { responseError } from '../account/account-errors.ts';

/** SPEC §9: logos and photos are at most 5 MB. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** POST /api/upload/workspace-logo (multipart, field `logo`) → the stored logo's URL. */
export async function uploadWorkspaceLogo(file: File): Promise<string> {
  const body = new FormData();
  body.append('logo', file);
  const response = await fetch('/api/upload/workspace-logo', {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await responseError(response, response.statusText);
  const json = (await response.json()) as { logoUrl?: unknown };
  if (typeof json.logoUrl !== 'string') throw new Error('The upload answered without a logoUrl');
  return json.logoUrl;
}

/** The server's reason when it gave one ('413: …' style messages included). */
export function uploadMessage(error: unknown): string {
  const message = messageOf(error);
  const body = /^\d{3}: (.*)$/s.exec(message)?.[1];
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: unknown };
      if (typeof parsed.error === 'string') return parsed.error;
    } catch {
      return body;
    }
  }
  return message || 'Please try again.';
}

/**
 * A logo picked in a file button, checked and uploaded: its URL, or undefined once the
 * reason it was not taken has been toasted.
 */
export async function uploadPickedLogo(file: File): Promise<string | undefined> {
  if (!file.type.startsWith('image/')) {
    toastError('Failed to upload logo', 'Please select an image file');
    return undefined;
  }
  if (file.size > MAX_LOGO_BYTES) {
    toastError('Failed to upload logo', 'Please choose an image smaller than 5MB.');
    return undefined;
  }
  return uploadWorkspaceLogo(file).catch((error: unknown) => {
    toastError('Failed to upload logo', uploadMessage(error));
    return undefined;
  });
}
