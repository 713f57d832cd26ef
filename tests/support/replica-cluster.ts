import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { freePort } from './server-process.ts';

/**
 * A PostgreSQL primary and its streaming replica (a hot standby made by pg_basebackup), two
 * clusters of their own on loopback, for tests/server/read-replica.test.ts. The system
 * cluster at 5432 is never touched: its pg_hba has no replication line.
 */
export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** The replica's server log: with log_statement=all, every statement, each prefixed by its client's application_name and '|'. */
  replicaLog: string;
  stop(): void;
}

/** The newest PostgreSQL server binaries installed (Debian's layout), or why there are none. */
export function postgresBinaries(): { dir: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'pg_basebackup')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    return { missing: `no PostgreSQL server binaries (initdb, pg_basebackup) under ${root}` };
  }
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return { missing: 'running as root with no postgres OS user to run the clusters as' };
    }
  }
  return { dir: join(root, versions[0]!, 'bin') };
}

export async function startReplicaCluster(binDir: string): Promise<ReplicaCluster> {
  const root = mkdtempSync('/tmp/keel-replica-');
  // PostgreSQL refuses to run as root: as root, everything runs as the postgres OS user.
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = join(binDir, tool);
    execFileSync(
      asRoot ? 'runuser' : command,
      asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
      { stdio: 'pipe', timeout: 60_000 },
    );
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', root]);

  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  const replicaLog = join(root, 'replica.log');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stop = () => {
    for (const dir of started.splice(0).reverse()) {
      try {
        run('pg_ctl', ['stop', '-D', dir, '-m', 'immediate', '-w']);
      } catch {
        // Already down: nothing to stop.
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    // initdb's trust pg_hba already lets replication in from 127.0.0.1.
    run('initdb', ['-D', primaryDir, '--auth=trust', '--no-sync', '-U', 'postgres']);
    // Loopback and a socket directory of their own; small, and no fsync: throwaway data.
    // Appended to the file (later lines win), which pg_basebackup copies to the replica.
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'fsync = off',
        'shared_buffers = 16MB',
        'max_connections = 40',
        'wal_level = replica',
        'max_wal_senders = 4',
        '',
      ].join('\n'),
    );
    run('pg_ctl', ['start', '-D', primaryDir, '-w', '-l', join(root, 'primary.log')]);
    started.push(primaryDir);
    // -R writes primary_conninfo and standby.signal: the copy starts as a streaming standby.
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    appendFileSync(
      join(replicaDir, 'postgresql.conf'),
      [
        `port = ${replicaPort}`,
        'hot_standby = on',
        // Every statement, with the client's application_name: the test sees who read what.
        'log_statement = all',
        "log_line_prefix = '%a|'",
        '',
      ].join('\n'),
    );
    run('pg_ctl', ['start', '-D', replicaDir, '-w', '-l', replicaLog]);
    started.push(replicaDir);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    replicaLog,
    stop,
  };
}

/** The replica log's lines from byte `from` on, and where they end. */
export function readLogFrom(file: string, from: number): { lines: string[]; end: number } {
  const text = readFileSync(file);
  return { lines: text.subarray(from).toString('utf8').split('\n'), end: text.length };
}
