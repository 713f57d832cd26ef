/**
 * `npm run bench`: the server benchmark, then the client benchmark (bench/client.ts, when
 * present), and `bench/results.json` with both. Takes several minutes; run it on a quiet
 * machine, the figures are only as steady as the machine.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatServerTable, machine, runServerBench } from './server.ts';

const dir = import.meta.dirname;
const started = Date.now();
const server = await runServerBench();
console.log(formatServerTable(server));

let client: unknown = null;
const clientFile = join(dir, 'client.ts');
const resultsFile = join(dir, 'results.json');
if (process.env.BENCH_CLIENT === '0') {
  // The server part only: the client figures of the last full run are kept, dated.
  if (existsSync(resultsFile)) {
    const previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
      client?: unknown;
      date?: string;
      clientDate?: string;
    };
    if (previous.client)
      client = { ...(previous.client as object), measuredAt: previous.clientDate ?? previous.date };
  }
} else if (existsSync(clientFile)) {
  const module = (await import(clientFile)) as {
    runClientBench?: (options: { outDir?: string }) => Promise<unknown>;
  };
  // Its figures go into results.json below, so it needs no file of its own.
  if (module.runClientBench) client = await module.runClientBench({});
}

const results = { machine: machine(), date: new Date().toISOString(), server, client };
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nWrote bench/results.json in ${Math.round((Date.now() - started) / 1000)} s.`);
