import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './tests/support/chromium.ts';

// KEEL_E2E_PORT and KEEL_CLIENT_OUT let two runs share a machine without sharing a server.
const PORT = Number(process.env.KEEL_E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
/** Where the journeys' fake Stripe listens (tests/support/fake-stripe.ts); the spec that needs it starts it. */
export const FAKE_STRIPE_PORT = PORT + 1000;
// A fresh embedded database for every run. Workers evaluate this file again and inherit
// the environment, so the first evaluation's choice is kept for the teardown.
process.env.KEEL_E2E_DATA_DIR ??= path.join(os.tmpdir(), `keel-e2e-${Date.now()}-${process.pid}`);
const dataDir = process.env.KEEL_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  // The run's platform administrator is its first account, made before any spec.
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: false,
  // The embedded database runs one transaction at a time.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // CI runs the journeys beside the accessibility scans, the static checks and the server
  // tests on two cores: the longest journeys (two-factor sign-ins, e-invoicing) took 44 and
  // 51 s there, against about 15 s alone.
  timeout: 90_000,
  // A hang guard, not a speed check: on a loaded CI machine an invoice page once took more
  // than 10 s to draw its editor (two e-invoicing journeys failed there, and pass alone).
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // A trace records every action's DOM in every test, kept or not; CI's list output and
    // error context say what failed, and a trace is one local rerun away.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Chromium from Debian; never download a browser.
        launchOptions: CHROMIUM_LAUNCH_OPTIONS,
      },
    },
  ],
  webServer: {
    command: 'tsx src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      ...(process.env.KEEL_CLIENT_OUT ? { CLIENT_DIR: process.env.KEEL_CLIENT_OUT } : {}),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // Journeys sign the same accounts in many times, and every journey signs up from
      // 127.0.0.1: on a quiet machine more than 30 sign-ups land within a minute. Both
      // throttles have their own server tests (tests/security/sign-in-limits.test.ts).
      AUTH_ACCOUNT_RATE_LIMIT: '1000',
      AUTH_RATE_LIMIT: '1000',
      // The server's Stripe calls go to the fake Stripe a payment journey starts on loopback.
      STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
    },
  },
});
