import { rm } from 'node:fs/promises';

/** Removes the run's embedded database once the server has stopped. */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.KEEL_E2E_DATA_DIR;
  if (dataDir?.includes('keel-e2e-')) {
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}.admin.json`, { force: true });
  }
}
