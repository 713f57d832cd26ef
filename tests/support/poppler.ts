import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A poppler-utils tool's output (stdout and stderr together) for a PDF, whatever its exit
 * code: pdfsig exits non-zero for an invalid signature, which is what some tests want to
 * read. A missing tool fails the test with how to install it: nothing is skipped.
 */
export async function poppler(
  tool: 'pdfsig' | 'pdftotext',
  args: string[],
  bytes: Uint8Array,
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'keel-poppler-'));
  const file = join(dir, 'document.pdf');
  writeFileSync(file, bytes);
  try {
    const { stdout, stderr } = await run(tool, [
      ...args,
      file,
      ...(tool === 'pdftotext' ? ['-'] : []),
    ]);
    return `${stdout}${stderr}`;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        `${tool} is not installed: apt-get install -y poppler-utils (the test set-up installs it when missing)`,
      );
    }
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
