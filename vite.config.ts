import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CLIENT_BUILD_STAMP } from './scripts/client-build.mjs';

// The API server (src/server/main.ts) serves dist/client itself; in `vite` dev mode
// the API calls are proxied to it.
const apiTarget = process.env.KEEL_API_URL ?? 'http://127.0.0.1:3000';

/** Libraries only some pages need: never in the `ui` chunk every page loads. */
const PAGE_LIBRARIES =
  /node_modules[\\/](@dnd-kit|@mantine[\\/]dates|dayjs|papaparse|qrcode|@tanstack[\\/](react-)?virtual)/;
/**
 * The public pages (forms, booking pages): their HTML in public-pages/, their code in
 * src/client/public-pages/. A bundle of their own, never the app's chunks.
 */
const PUBLIC_PAGE_DIRS = ['public-pages', 'src/client/public-pages'].map(
  (dir) => path.resolve(import.meta.dirname, dir) + path.sep,
);
/** Each `public-pages/<name>.html` is an entry of its own, e.g. `form` for `/f/{slug}`. */
function publicPageInputs(): Record<string, string> {
  const dir = PUBLIC_PAGE_DIRS[0]!;
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [file.replace(/\.html$/, ''), path.join(dir, file)]),
  );
}
const isPublicPage = (id: string) =>
  PUBLIC_PAGE_DIRS.some((dir) => path.resolve(id.split('?')[0] ?? id).startsWith(dir));
/** The client's shared kit, the code shared with the server, and src/client's own modules. */
const APP_SHARED = /src[\\/](client[\\/]components|shared|client[\\/][a-z-]+\.tsx?$)/;
/** Kit modules that import a PAGE_LIBRARIES library. */
const USES_PAGE_LIBRARIES = /components[\\/](kanban|form[\\/]date-field)|shared[\\/]csv\.ts/;

/**
 * Writes `.br` and `.gz` beside every text asset once, at build time, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'keel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Writes when the build started into its output, last: `npm start` builds again when a
 * source changed after that (scripts/client-build.mjs).
 */
function buildStamp(): Plugin {
  let outDir = '';
  let startedAt = 0;
  return {
    name: 'keel-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      startedAt = Date.now();
    },
    writeBundle() {
      writeFileSync(path.join(outDir, CLIENT_BUILD_STAMP), JSON.stringify({ startedAt }));
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), buildStamp()],
  build: {
    // KEEL_CLIENT_OUT lets parallel checkouts build side by side (the server's CLIENT_DIR).
    outDir: process.env.KEEL_CLIENT_OUT ?? 'dist/client',
    emptyOutDir: true,
    // Every browser Keel supports preloads modules itself; the polyfill, injected into each
    // HTML entry, would tie the public pages to the app's boot chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { main: 'index.html', ...publicPageInputs() },
      output: {
        // Fewer, larger chunks (issue 19): left to itself Rolldown gave every Mantine
        // component, icon and shared module its own file, so a signed-in page loaded 70–90
        // scripts. Three groups, first match wins by priority:
        // - boot: what the entry imports statically (the login route) stays one file;
        // - ui: libraries used by two or more pages, except the heavy ones few pages need
        //   (the board's drag and drop, date pickers, CSV, QR codes, virtual lists), which
        //   keep loading only with those pages;
        // - kit: the app's shared components and modules used by six or more pages, minus
        //   the ones that import those heavy libraries (a kit that imported them would
        //   load them on every page).
        // A page now loads 18–23 scripts; `npm run size` prints the counts.
        codeSplitting: {
          groups: [
            { name: 'public', test: isPublicPage, minShareCount: 2, priority: 20 },
            { name: 'boot', tags: ['$initial'], test: (id) => !isPublicPage(id), priority: 10 },
            {
              name: 'ui',
              test: (id) => id.includes('node_modules') && !PAGE_LIBRARIES.test(id),
              minShareCount: 2,
              priority: 5,
            },
            {
              name: 'kit',
              test: (id) => APP_SHARED.test(id) && !USES_PAGE_LIBRARIES.test(id),
              minShareCount: 6,
              priority: 4,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
    },
  },
});
