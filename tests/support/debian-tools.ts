import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian tools the server tests run against Keel's output: pdfsig and pdftotext (poppler)
 * verify and read sealed contract PDFs; Saxon-HE runs EN 16931's official rules over the
 * e-invoices. The test set-up installs the missing ones from Debian once per run (these
 * machines are root and reach Debian's packages), so a test never skips for want of one.
 */
const TOOLS = [
  { package: 'poppler-utils', present: () => onPath('pdfsig') && onPath('pdftotext') },
  { package: 'libsaxonhe-java', present: () => existsSync('/usr/share/java/Saxon-HE.jar') },
] as const;

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function ensureDebianTools(): void {
  const missing = TOOLS.filter((tool) => !tool.present()).map((tool) => tool.package);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Install ${missing.join(' ')} from Debian (apt-get install -y ${missing.join(' ')})`,
    );
  }
  console.log(`Installing ${missing.join(', ')} from Debian for the server tests…`);
  execFileSync('sh', ['-c', 'apt-get update -qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
