import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from './create-db.ts';

/**
 * Heavy reads (reports, exports, the financial overview, the admin console's lists) on a
 * streaming replica (DATABASE_REPLICA_URL, a hot standby of DATABASE_URL); everything else,
 * writes and the reads around them, on the primary.
 *
 * A standby replays the primary's WAL a little behind it. So that a user who just wrote
 * never reads the world from before their write, every write request of a signed-in browser
 * leaves the primary's WAL position after it (pg_current_wal_flush_lsn(): every transaction
 * committed so far ends at or before it) in a signed cookie, WRITTEN_COOKIE; a heavy read
 * then goes to the replica only when the replica's replay position
 * (pg_last_wal_replay_lsn()) has reached that mark, and otherwise to the primary.
 *
 * Why a cookie: the browser carries it to whichever app server answers next, so this works
 * with several servers and needs no shared state and no write of its own (a mark in the
 * session row would be one more write per mutation). An API token's script keeps no
 * cookies: its heavy reads ask the primary for its position at the moment of the read
 * and use the replica only when it has replayed that far (one more small query, for
 * scripts only). Without a replica nothing of this runs: `HeavyReads.handle` answers the
 * primary at once, with no query.
 *
 * What is not covered: a user writing in one browser and reading a report in another
 * within the replica's lag (milliseconds on a healthy standby), and two of one browser's
 * writes whose answers arrive in the other order than their marks were read (the cookie
 * keeps the last one set). Both read data at most that lag old.
 */

/** The signed cookie holding the primary's WAL position after a browser's last write. */
export const WRITTEN_COOKIE = 'keel.written';

/** A caller whose own writes are unknown: the replica must have replayed everything. */
export const PRIMARY_NOW = 'primary-now';

/** What a heavy read must see: a WAL position (`16/B374D848`), or PRIMARY_NOW. */
export type WriteMark = string;

const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

export function isLsn(value: unknown): value is string {
  return typeof value === 'string' && LSN.test(value);
}

/** The primary's WAL flushed so far: every transaction committed before this call ends at or before it. */
export async function primaryWalPosition(primary: Database): Promise<string> {
  const { rows } = await sql<{ lsn: string }>`
    select pg_current_wal_flush_lsn()::text as lsn`.execute(primary);
  return rows[0]!.lsn;
}

/** After an error reaching the replica, heavy reads stay on the primary this long. */
const REPLICA_DOWN_MS = 10_000;

/**
 * Where heavy reads go. `handle()` is the primary when no replica is configured (the
 * embedded database too), at no cost.
 */
export class HeavyReads {
  /** Only spares every heavy read a timeout while the replica is down; never a correctness rule. */
  private downUntil = 0;
  private warnedNotStandby = false;

  constructor(
    readonly primary: Database,
    readonly replica: Database | undefined,
    private readonly log?: FastifyBaseLogger,
  ) {}

  get configured(): boolean {
    return this.replica !== undefined;
  }

  /**
   * The replica when it has replayed `mark` (undefined: the caller wrote nothing we know
   * of, any replayed position will do), else the primary.
   */
  async handle(mark: WriteMark | undefined): Promise<Database> {
    const replica = this.replica;
    if (!replica || Date.now() < this.downUntil) return this.primary;
    try {
      const needed = mark === PRIMARY_NOW ? await primaryWalPosition(this.primary) : mark;
      const { rows } = await sql<{ replayed: boolean | null; standby: boolean }>`
        select pg_is_in_recovery() as standby,
               pg_last_wal_replay_lsn() >= ${isLsn(needed) ? needed : '0/0'}::pg_lsn as replayed`.execute(
        replica,
      );
      const row = rows[0];
      if (row && !row.standby && !this.warnedNotStandby) {
        // Not a standby (a promoted one, or a wrong URL): its data is no replay of the primary's.
        this.warnedNotStandby = true;
        this.log?.warn('DATABASE_REPLICA_URL is not a standby: heavy reads stay on the primary');
      }
      return row?.replayed === true ? replica : this.primary;
    } catch (error) {
      this.downUntil = Date.now() + REPLICA_DOWN_MS;
      this.log?.warn({ err: error }, 'read replica unreachable: heavy reads go to the primary');
      return this.primary;
    }
  }
}
