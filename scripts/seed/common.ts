/*
 * What both seeders share: a seeded random source (the same run gives the same data),
 * word lists for believable names, batched inserts and progress reporting.
 */
import { sql, type Insertable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Database } from '../../src/server/db/create-db.ts';

/** How far a seeder has got: `done` of `total` rows of the current `phase`. */
export interface SeedProgress {
  phase: string;
  done: number;
  total: number;
}
export type OnProgress = (progress: SeedProgress) => void;

/** mulberry32: small, fast and good enough to make test data reproducible. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof random>;

export const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Amara',
  'Ben',
  'Carla',
  'Chen',
  'Dara',
  'David',
  'Elena',
  'Emeka',
  'Farah',
  'Felix',
  'Grace',
  'Hana',
  'Hugo',
  'Ines',
  'Ivan',
  'Jamal',
  'Julia',
  'Kai',
  'Kenji',
  'Lara',
  'Leo',
  'Maya',
  'Mateo',
  'Nadia',
  'Noah',
  'Olga',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Sofia',
  'Tariq',
  'Tess',
  'Uma',
  'Victor',
  'Wen',
  'Yara',
  'Zoe',
] as const;
export const LAST_NAMES = [
  'Adeyemi',
  'Berg',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Patel',
  'Quintero',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Umar',
  'Vargas',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zhang',
] as const;
const COMPANY_WORDS = [
  'Blue',
  'Bright',
  'Cedar',
  'Copper',
  'Delta',
  'Ember',
  'Granite',
  'Harbor',
  'Iron',
  'Juniper',
  'Lumen',
  'Maple',
  'North',
  'Oak',
  'Pine',
  'Quartz',
  'River',
  'Silver',
  'Summit',
  'Tidal',
] as const;
const COMPANY_KINDS = [
  'Labs',
  'Studio',
  'Works',
  'Partners',
  'Digital',
  'Foods',
  'Logistics',
  'Health',
  'Media',
  'Consulting',
  'Architects',
  'Analytics',
] as const;
export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Retail',
  'Manufacturing',
  'Education',
  'Hospitality',
  'Media',
  'Real Estate',
  'Non-profit',
] as const;
export const JOB_TITLES = [
  'CEO',
  'CTO',
  'Marketing Director',
  'Product Manager',
  'Head of Operations',
  'Designer',
  'Founder',
  'Office Manager',
  'Engineering Lead',
  'Sales Manager',
  'Procurement Officer',
] as const;
const DEAL_KINDS = [
  'Website redesign',
  'Brand refresh',
  'Mobile app',
  'SEO retainer',
  'Data migration',
  'E-commerce launch',
  'Analytics dashboard',
  'Support contract',
  'Content strategy',
  'API integration',
] as const;
export const WORK_DESCRIPTIONS = [
  'Kick-off meeting',
  'Wireframes',
  'Design review',
  'Frontend build',
  'Backend work',
  'Client call',
  'Bug fixing',
  'Copywriting',
  'QA pass',
  'Deployment',
  'Research',
] as const;

export function personName(rng: Random): { first: string; last: string; full: string } {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  return { first, last, full: `${first} ${last}` };
}

export function companyName(rng: Random, n?: number): string {
  const base = `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_KINDS)}`;
  return n === undefined ? base : `${base} ${n}`;
}

export function dealName(rng: Random, company: string | undefined): string {
  const kind = rng.pick(DEAL_KINDS);
  return company ? `${kind} for ${company}` : kind;
}

export function phone(rng: Random): string {
  return `+1 ${rng.int(200, 989)}-555-${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

export function slugPart(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const DAY = 24 * 60 * 60 * 1000;

/** A moment within the last `days` days (before `now`). */
export function pastDate(rng: Random, now: number, days: number): Date {
  return new Date(now - rng.next() * days * DAY);
}

/** 'yyyy-MM-dd' of a Date, in UTC (the server stores calendar dates). */
export function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

/**
 * Inserts rows in batches small enough for PostgreSQL's 65,535 bind parameters, reporting
 * progress after each batch.
 */
export async function insertBatched<T extends keyof DB & string>(
  db: Database,
  table: T,
  rows: Insertable<DB[T]>[],
  report?: (done: number) => void,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.min(2000, Math.floor(60_000 / columns)));
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    // Kysely's per-table typing does not follow a generic table name.
    await db
      .insertInto(table)
      .values(batch as never)
      .execute();
    report?.(Math.min(rows.length, start + size));
  }
}

/** Ids of a workspace's rows of `table`, in insertion order. */
export async function idsOf(
  db: Database,
  table: 'organizations' | 'persons' | 'clients' | 'projects' | 'tags' | 'invoices',
  workspaceId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Project totals are derived data: recomputed in SQL from the entries, as the app's own
 * refreshProjectTotals does for one project, here for a whole workspace at once.
 */
export async function refreshAllProjectTotals(db: Database, workspaceId: number): Promise<void> {
  await sql`update projects p set total_hours = t.hours, total_amount = t.hours * p.hourly_rate
    from (
      select pr.id, coalesce(sum(te.hours), 0) as hours
      from projects pr
      left join time_entries te on te.workspace_id = pr.workspace_id and te.project_id = pr.id
      where pr.workspace_id = ${workspaceId}
      group by pr.id
    ) t
    where p.id = t.id`.execute(db);
}

/**
 * Planner statistics and the visibility map for the new rows. PGlite has no autovacuum to
 * keep them, and on PostgreSQL it would only come round later: without them the first
 * pages are planned for empty tables (whole-table joins instead of index scans) and every
 * count reads the table instead of its index.
 */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await sql`vacuum analyze`.execute(db);
}

/** A text progress bar on stderr, redrawn in place when stderr is a terminal. */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): OnProgress {
  let lastPhase = '';
  let lastDrawn = 0;
  return ({ phase, done, total }) => {
    const now = Date.now();
    const finished = done >= total;
    if (phase === lastPhase && !finished && now - lastDrawn < 100) return;
    lastDrawn = now;
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    const line = `${phase.padEnd(14)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
    if (stream.isTTY) {
      stream.write(`\r${line}${finished ? '\n' : ''}`);
    } else if (finished) {
      stream.write(`${line}\n`);
    }
    lastPhase = phase;
  };
}
