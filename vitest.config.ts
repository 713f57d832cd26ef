import { defineConfig } from 'vitest/config';

/**
 * Test files that never open a database, beyond src/shared and src/client (which never do).
 * They run in the `unit` project, with no database template to migrate first; one that
 * opened a database there would fail at once (tests/support/test-app.ts finds no template).
 */
const UNIT_TESTS_ELSEWHERE = [
  'tests/server/client-build.test.ts',
  'tests/server/openapi-lint.test.ts',
  // Bank statement parsers: pure functions over fixture files.
  'src/server/domains/banking/statements/**/*.test.ts',
  // Bank matching and rules: pure functions over plain objects.
  'src/server/domains/banking/{matching,rules}/**/*.test.ts',
  // The scheduling slot engine: pure functions over plain values.
  'src/server/domains/scheduling/slots.test.ts',
  // The workspace-scope analyser: SQL text in, tables out.
  'tests/server/workspace-scope.test.ts',
];

const INTEGRATION_TESTS = [
  'src/server/**/*.test.ts',
  'tests/server/**/*.test.ts',
  'tests/security/**/*.test.ts',
];

/** Integration test files that mock a module (argon2, to count its calls). */
const MOCKING_TESTS = ['tests/security/sessions.test.ts', 'tests/security/sign-in-limits.test.ts'];

/**
 * After each test of the integration suites: every statement it ran is filtered by one
 * workspace, or marked cross-workspace on purpose (issue 45; tests/support/workspace-queries.ts).
 */
const WORKSPACE_QUERIES_CHECK = 'tests/support/workspace-queries.setup.ts';

export default defineConfig({
  test: {
    // Two at a time suits these two-core machines.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // `npm run test:unit`: pure units, seconds from start to finish.
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts', ...UNIT_TESTS_ELSEWHERE],
        },
      },
      {
        // `npm run test:server`: each file gets its own database, copied from a template
        // that the global set-up migrates once per run (embedded, or TEST_DATABASE_URL).
        // The files share each worker's modules (`isolate: false`): loading the app once per
        // worker instead of once per file took the suite from about 25 to 9 minutes. Every
        // file builds its own app and database, so nothing but module code is shared.
        extends: true,
        test: {
          name: 'integration',
          isolate: false,
          include: INTEGRATION_TESTS,
          exclude: [...UNIT_TESTS_ELSEWHERE, ...MOCKING_TESTS],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: [WORKSPACE_QUERIES_CHECK],
        },
      },
      {
        // The files that replace a module (`vi.mock`) need modules of their own.
        extends: true,
        test: {
          name: 'integration-isolated',
          include: MOCKING_TESTS,
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: [WORKSPACE_QUERIES_CHECK],
        },
      },
    ],
  },
});
