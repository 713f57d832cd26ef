import { afterAll, afterEach } from 'vitest';
import { assertWorkspaceScoped } from './workspace-queries.ts';

/*
 * Set-up file of the integration suites (vitest.config.ts). Registered before the test
 * file's own hooks, these run after them (Vitest runs after-hooks in reverse): after a test,
 * its statements fail that test; after the file, the statements of its after-hooks and of
 * its app's closing fail the file.
 */
afterEach(() => assertWorkspaceScoped());
afterAll(() => assertWorkspaceScoped());
