/**
 * Builds what `npm start` runs, then starts the server: the client when it has no build or
 * one older than its sources (scripts/client-build.mjs), and the server bundle (dist/server/main.js: src/server/main.ts and its
 * dependencies in one file, built by esbuild). The server runs the migrations.
 *
 * `npm start` runs scripts/start.mjs, which starts the bundle itself, without tsx, when both
 * builds are up to date, and comes here (through tsx) only when one of them is not.
 * `tsx scripts/start.ts --build-only` (in `npm run build`) builds the bundle and stops.
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { clientRebuildReason } from './client-build.mjs';

const root = join(import.meta.dirname, '..');
// Read by scripts/start.mjs.
const BUNDLE = join(root, 'dist/server/main.js');
const INPUTS = join(root, 'dist/server/inputs.json');

const rebuildReason = clientRebuildReason(root);
if (rebuildReason !== undefined) {
  console.log(`Building the client: ${rebuildReason}…`);
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
  // Vite sets NODE_ENV=production for its build; the server must see the caller's own
  // setting, or a first start without SESSION_SECRET is refused as a production one.
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

await buildServerBundle();
if (!process.argv.includes('--build-only')) await import(pathToFileURL(BUNDLE).href);

/**
 * Bundles src/server/main.ts into dist/server/main.js, and lists in dist/server/inputs.json
 * every file it was built from with its size, mtime and ctime: scripts/start.mjs rebuilds
 * when any of them differs (an edited source, an updated package: a new file has a new
 * ctime even when a package manager keeps its mtime), and starts the bundle as it is
 * otherwise. This file is listed too, so a change of the build options rebuilds.
 */
async function buildServerBundle(): Promise<void> {
  const started = Date.now();
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Both read files beside their own code: PGlite its WebAssembly and data files
    // (import.meta.url), argon2 its native addon. Node loads them from node_modules.
    // (Bundled code sees import.meta and __dirname of dist/server/main.js: the server's
    // own code uses neither, and the one bundled package that does, pino, only for log
    // transports, which Keel does not use.)
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'argon2'],
    // CommonJS packages bundled into an ES module still call require() for Node's own
    // modules (and pg for the optional pg-native, which it catches).
    banner: {
      js: "import { createRequire as __keelCreateRequire } from 'node:module'; const require = __keelCreateRequire(import.meta.url);",
    },
    // Stack traces name src/server/*.ts as under tsx (scripts/start.mjs enables source maps).
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // Written beside and renamed into place, so a server starting meanwhile (two started
  // together) never reads half a file; the list goes last, so a bundle without its list
  // is built again.
  rmSync(INPUTS, { force: true });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(`${file.path}.${process.pid}`, file.contents);
    renameSync(`${file.path}.${process.pid}`, file.path);
  }
  const inputs: Record<string, { size: number; mtimeMs: number; ctimeMs: number }> = {};
  for (const file of [...Object.keys(result.metafile.inputs), 'scripts/start.ts']) {
    const stat = statSync(join(root, file), { throwIfNoEntry: false });
    // Gone, or changed while esbuild read it: the bundle may hold the old content, so no
    // list is written and the next start builds again.
    if (!stat || stat.mtimeMs >= started || stat.ctimeMs >= started) return;
    inputs[file] = { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs };
  }
  writeFileSync(`${INPUTS}.${process.pid}`, JSON.stringify(inputs));
  renameSync(`${INPUTS}.${process.pid}`, INPUTS);
}
