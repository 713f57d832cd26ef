/**
 * Whether the built client (dist/client, or KEEL_CLIENT_OUT as vite.config.ts says) is older
 * than its sources, for `npm start` (scripts/start.mjs, scripts/start.ts). Plain JavaScript,
 * so that start.mjs decides without loading tsx.
 *
 * Every build writes CLIENT_BUILD_STAMP into its output (vite.config.ts) with the time it
 * started; a source changed after that time (mtime, or ctime for a file moved or unpacked
 * with an older mtime) makes the build stale. A file changed while the build ran is newer
 * than its start, so the next start builds again rather than trust a build that may hold
 * the old content.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** What the client is built from: its code, the code it shares with the server, Vite's own
 * inputs, and the lock file, which changes with every package installed or updated. */
export const CLIENT_INPUTS = [
  'src/client',
  'src/shared',
  'index.html',
  'public-pages',
  'vite.config.ts',
  'public',
  'package-lock.json',
];

export const CLIENT_BUILD_STAMP = '.keel-build.json';

/** The client's build directory, as vite.config.ts chooses it. */
export function clientOutDir(root, env = process.env) {
  return resolve(root, env.KEEL_CLIENT_OUT ?? 'dist/client');
}

/**
 * The latest change (ms since the epoch) of a file, or of a directory and everything under
 * it (a directory's own times change when a file in it is added, removed or renamed); 0 for
 * a path that does not exist.
 */
export function latestChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  let latest = Math.max(stat.mtimeMs, stat.ctimeMs);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) {
      latest = Math.max(latest, latestChange(join(path, entry)));
    }
  }
  return latest;
}

/**
 * Why the client must be built (a sentence for the console), or undefined when the build in
 * `outDir` is at least as new as every input under `root`.
 */
export function clientRebuildReason(root, outDir = clientOutDir(root)) {
  if (!existsSync(join(outDir, 'index.html'))) return 'there is no client build yet';
  let startedAt;
  try {
    startedAt = JSON.parse(readFileSync(join(outDir, CLIENT_BUILD_STAMP), 'utf8')).startedAt;
  } catch {
    return 'the client build does not say when it was made';
  }
  if (typeof startedAt !== 'number') return 'the client build does not say when it was made';
  const changed = CLIENT_INPUTS.find((input) => latestChange(join(root, input)) > startedAt);
  return changed === undefined ? undefined : `${changed} changed since the last client build`;
}
