import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  // Type-aware: each file's types come from tsconfig.json's program (projectService).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      // A promise nobody awaits is awaited, or let go with `void` where nothing may wait for
      // it: React ignores what an event handler returns, so a form's submit handler is
      // `(event) => void submit(event)` (react-hook-form shows invalid fields, and a
      // mutation's failure is its toast: src/client/mutations.ts).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Not adopted. `any` is allowed (above), mostly a test's parsed answer, so the no-unsafe
      // family would flag its every use (2,067 places); `async` without `await` keeps a
      // Fastify hook or a resolver returning a promise (26); String() of a form's or a CSV's
      // value is meant (6); Kysely's expression builder is used destructured, as documented
      // (3); `keyof DB & string` is not redundant for TypeScript (2); assertions TypeScript
      // finds unnecessary (146) are left to a pass of their own, as they touch most files.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // Plain JavaScript is outside tsconfig.json's program: no types to check it with.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Only the job runner gives out the system actor (domains/jobs/jobs.ts): a domain gets
    // it from the job it runs, never by taking it. Tests run a job's work by hand with it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/domains/jobs/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/jobs/jobs.ts'],
              importNames: ['systemActor'],
              message: 'Background work gets the system actor from the job runner, as a handler.',
            },
          ],
        },
      ],
    },
  },
);
