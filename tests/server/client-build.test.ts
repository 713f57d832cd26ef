import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLIENT_BUILD_STAMP,
  clientOutDir,
  clientRebuildReason,
} from '../../scripts/client-build.mjs';

/** `npm start` builds the client again when a source changed after its last build. */
let root: string;
let outDir: string;

function write(path: string, content = 'x') {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A build finished now: its output and the stamp a build writes (vite.config.ts). */
async function build() {
  // File times and the clock are both in milliseconds or finer; a step apart keeps "before"
  // and "after" the build's start unambiguous.
  await sleep(30);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'index.html'), '<!doctype html>');
  writeFileSync(join(outDir, CLIENT_BUILD_STAMP), JSON.stringify({ startedAt: Date.now() }));
  await sleep(30);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'keel-client-build-'));
  outDir = join(root, 'dist/client');
  write('src/client/main.tsx');
  write('src/client/features/contacts/contacts.page.tsx');
  write('src/shared/money.ts');
  write('index.html');
  write('vite.config.ts');
  write('public/favicon.svg');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('clientRebuildReason', () => {
  it('asks for a build when there is none, or one that does not say when it was made', async () => {
    expect(clientRebuildReason(root, outDir)).toBe('there is no client build yet');
    await build();
    rmSync(join(outDir, CLIENT_BUILD_STAMP));
    expect(clientRebuildReason(root, outDir)).toBe(
      'the client build does not say when it was made',
    );
  });

  it('keeps a build newer than every source', async () => {
    await build();
    expect(clientRebuildReason(root, outDir)).toBeUndefined();
  });

  it.each([
    ['src/client/features/contacts/contacts.page.tsx', 'src/client'],
    ['src/shared/money.ts', 'src/shared'],
    ['index.html', 'index.html'],
    ['public-pages/form.html', 'public-pages'],
    ['vite.config.ts', 'vite.config.ts'],
    ['public/favicon.svg', 'public'],
    ['package-lock.json', 'package-lock.json'],
  ])('builds again after an edit of %s', async (file, input) => {
    await build();
    write(file, 'edited');
    expect(clientRebuildReason(root, outDir)).toBe(`${input} changed since the last client build`);
  });

  it('builds again when a source file is added or removed', async () => {
    await build();
    write('src/client/features/new.page.tsx');
    expect(clientRebuildReason(root, outDir)).toMatch(/^src\/client changed/);
    await build();
    rmSync(join(root, 'src/client/main.tsx'));
    expect(clientRebuildReason(root, outDir)).toMatch(/^src\/client changed/);
  });

  it('builds again for a file put in place with an old modification time (its ctime is new)', async () => {
    await build();
    write('src/client/restored.tsx');
    utimesSync(join(root, 'src/client/restored.tsx'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    utimesSync(join(root, 'src/client'), new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(clientRebuildReason(root, outDir)).toMatch(/^src\/client changed/);
  });

  it('reads the build where vite.config.ts writes it', () => {
    expect(clientOutDir('/srv/keel', {})).toBe('/srv/keel/dist/client');
    expect(clientOutDir('/srv/keel', { KEEL_CLIENT_OUT: '/tmp/out' })).toBe('/tmp/out');
  });
});
