import { responseError } from './account-errors.ts';

/** SPEC §9: photos are at most 5 MB. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** The client-side checks of SPEC §5; null when the file may be sent. */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please select an image file';
  if (file.size >= MAX_PHOTO_BYTES) return 'File size must be less than 5MB';
  return null;
}

/** POST /api/account/upload-photo (multipart, field `profileImage`) → the photo's URL. */
export async function uploadProfilePhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('profileImage', file);
  const response = await fetch('/api/account/upload-photo', {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw await responseError(response, 'Please try again.');
  }
  const json = (await response.json()) as { profileImageUrl?: unknown };
  if (typeof json.profileImageUrl !== 'string') throw new Error('Please try again.');
  return json.profileImageUrl;
}
