import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (src/server/main.ts) serves dist/client itself; in `vite` dev mode
// the API calls are proxied to it.
const apiTarget = process.env.KEEL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
