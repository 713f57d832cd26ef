import type { LaunchOptions } from 'playwright';

/**
 * Chromium from Debian (never a downloaded browser), as the Playwright journeys and the
 * client benchmarks launch it: no sandbox (root in CI), no GPU, and none of the background
 * traffic (component updates, sync) that would add requests and CPU to what is measured.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
} satisfies LaunchOptions;
