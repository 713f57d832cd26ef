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
