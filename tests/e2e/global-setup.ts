import type { FullConfig } from '@playwright/test';
import { recordPlatformAdmin } from './fixtures.ts';

/**
 * The run's platform administrator: the first account of the run's fresh server (Playwright
 * starts the web server before global setup). Made here, before any spec, so that every
 * spec file can run alone or in any order and sign in as it (`platformAdmin()`).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts names no baseURL');
  const admin = {
    fullName: 'Grace Platform Admin',
    email: `e2e-admin-${Date.now()}@example.com`,
    password: 'Adm1n-pass-word',
  };
  const signup = await fetch(new URL('/api/auth/signup', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (signup.status !== 201) {
    throw new Error(`Signing up the run's administrator: ${signup.status} ${await signup.text()}`);
  }
  const cookie = signup.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const me = (await (
    await fetch(new URL('/api/auth/me', baseURL), { headers: { cookie } })
  ).json()) as {
    isAdmin?: boolean;
  };
  if (me.isAdmin !== true) {
    throw new Error("The run's server already had accounts: its first one is the administrator");
  }
  recordPlatformAdmin(admin);
}
