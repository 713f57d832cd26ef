/**
 * `npm start`: builds the client when dist/client is missing, then starts the server
 * (which runs the migrations).
 */
import { existsSync } from 'node:fs';

if (!existsSync('dist/client/index.html')) {
  console.log('Building the client (first start only)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}
await import('../src/server/main.ts');
