import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CLIENT_BUILD_STAMP } from './scripts/client-build.mjs';

// The API server (src/server/main.ts) serves dist/client itself; in `vite` dev mode
// the API calls are proxied to it.
const apiTarget = process.env.KEEL_API_URL ?? 'http://127.0.0.1:3000';

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
  },
  server: {
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
    },
  },
});
