import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/server/openapi.ts';

/*
 * The document served at /api/openapi.json, linted by Redocly's CLI with its recommended
 * rules (DESIGN §1), offline: no errors, and no warning but the ones listed here.
 */

/** Warnings that cannot be fixed in the document itself. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  // Keel is private and declares no license; inventing one would be a false statement.
  'info-license': 'no license to name',
};

const CLI = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'keel-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer?: string }[];
  }[];
}

async function lint(document: object): Promise<LintReport> {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const run = await promisify(execFile)(
    process.execPath,
    [CLI, 'lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '10000', file],
    {
      // An empty directory: no redocly.yaml but the recommended rules applies.
      cwd: dir,
      // No telemetry and no update check: the lint must not touch the network.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    // Exit code 1 when there are errors: the report is on stdout all the same.
    if (error.stdout) return { stdout: error.stdout, stderr: error.stderr ?? '' };
    throw error;
  });
  return JSON.parse(run.stdout) as LintReport;
}

const document = openApiDocument('http://127.0.0.1:3000');

describe('the OpenAPI document', () => {
  it('passes the recommended Redocly rules', { timeout: 60_000 }, async () => {
    const report = await lint(document);
    const listed = report.problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`,
    );
    expect(
      listed.filter((p) => p.startsWith('error')),
      'errors',
    ).toEqual([]);
    expect(
      report.problems.filter((p) => !(p.ruleId in ACCEPTED_WARNINGS)).map((p) => p.ruleId),
      `unexpected warnings:\n${listed.join('\n')}`,
    ).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('gives every JSON success answer a schema (a procedure without .output() has none)', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, any>)) {
      for (const [method, op] of Object.entries(item as Record<string, any>)) {
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          const schema = response.content?.['application/json']?.schema;
          if (status.startsWith('2') && schema && Object.keys(schema).length === 0) {
            missing.push(`${method.toUpperCase()} ${path}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
