/**
 * `npm start`: builds the client when dist/client is missing, then starts the server
 * (which runs the migrations).
 */
import { existsSync } from 'node:fs';

if (!existsSync('dist/client/index.html')) {
  console.log('Building the client (first start only)…');
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
  // Vite sets NODE_ENV=production for its build; the server must see the caller's own
  // setting, or a first start without SESSION_SECRET is refused as a production one.
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
await import('../src/server/main.ts');
