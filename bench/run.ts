/**
 * `npm run bench`: the server benchmark, then the client benchmark (bench/client.ts, when
 * present), and `bench/results.json` with both. Takes several minutes; run it on a quiet
 * machine, the figures are only as steady as the machine.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatServerTable, machine, runServerBench } from './server.ts';

const dir = import.meta.dirname;
const started = Date.now();
const server = await runServerBench();
console.log(formatServerTable(server));

let client: unknown = null;
const clientFile = join(dir, 'client.ts');
// BENCH_CLIENT=0: the server part only.
if (process.env.BENCH_CLIENT !== '0' && existsSync(clientFile)) {
  const module = (await import(clientFile)) as {
    runClientBench?: (options: { outDir?: string }) => Promise<unknown>;
  };
  // Its figures go into results.json below, so it needs no file of its own.
  if (module.runClientBench) client = await module.runClientBench({});
}

const results = { machine: machine(), date: new Date().toISOString(), server, client };
writeFileSync(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nWrote bench/results.json in ${Math.round((Date.now() - started) / 1000)} s.`);
