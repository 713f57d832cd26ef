import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '../../src/server/db/create-db.ts';
import { ensureDebianTools } from './debian-tools.ts';
import { createPostgresTemplate, dropPostgresDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run; each test file then starts from a copy
 * (a copied PGlite directory, or CREATE DATABASE … TEMPLATE on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  ensureDebianTools();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await createPostgresTemplate(url);
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplateDir', '');
    return async () => dropPostgresDatabase(template);
  }
  const dir = mkdtempSync(join(tmpdir(), 'keel-template-'));
  const handle = await createDb({ dataDir: dir });
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('pgliteTemplateDir', dir);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
