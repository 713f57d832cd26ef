import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';

/**
 * A server of the spec's own whose SMTP_URL is a loopback sink (the run's server sends no
 * mail), on its own embedded database, serving the same client build: for journeys whose
 * emails must really go out. Started before the spec's tests and stopped after them; read
 * `server` and `sink` inside a test.
 */
export function useMailingServer(label: string, env: Record<string, string> = {}) {
  const state = {} as { server: ServerProcess; sink: SmtpSink };
  let dataDir = '';
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    state.sink = await startSmtpSink();
    dataDir = mkdtempSync(path.join(tmpdir(), `keel-e2e-${label}-`));
    state.server = await startServer({
      DATA_DIR: dataDir,
      SMTP_URL: state.sink.url,
      CLIENT_DIR: process.env.KEEL_CLIENT_OUT ?? 'dist/client',
      ...env,
    });
  });
  test.afterAll(async () => {
    await state.server?.kill('SIGTERM');
    await state.sink?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return state;
}
