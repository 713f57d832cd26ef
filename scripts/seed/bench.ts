/*
 * The benchmark data set: several workspaces, one of them big. Used by `npm run db:seed --
 * --bench`, by the server and client benchmarks, and (scaled down) by tests.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Database } from '../../src/server/db/create-db.ts';
import { hashPassword } from '../../src/server/domains/auth/auth.service.ts';
import { ensureProfile } from '../../src/server/domains/business/business.repository.ts';
import { adoptLegacyInvoices } from '../../src/server/domains/invoices/legacy-invoices.ts';
import { insertStages } from '../../src/server/domains/pipeline/pipeline.repository.ts';
import { DEFAULT_STAGES } from '../../src/server/domains/pipeline/pipeline.service.ts';
import {
  addDays,
  vacuumAnalyze,
  companyName,
  day,
  dealName,
  idsOf,
  INDUSTRIES,
  insertBatched,
  JOB_TITLES,
  pastDate,
  personName,
  phone,
  random,
  refreshAllProjectTotals,
  slugPart,
  WORK_DESCRIPTIONS,
  type OnProgress,
  type Random,
} from './common.ts';

export interface BenchCounts {
  /** Workspaces in all; the first holds the counts below, the others a hundredth of them. */
  workspaces: number;
  contacts: number;
  organizations: number;
  leads: number;
  projects: number;
  timeEntries: number;
  invoices: number;
}

/** The figures. */
export const BENCH_COUNTS: BenchCounts = {
  workspaces: 10,
  contacts: 10_000,
  organizations: 2_000,
  leads: 5_000,
  projects: 300,
  timeEntries: 50_000,
  invoices: 5_000,
};

export interface BenchSeedResult {
  /** The big workspace's owner; it is their only workspace, so signing in selects it. */
  email: string;
  password: string;
  userId: number;
  workspaceId: number;
  /** Every workspace made, the big one first. */
  workspaceIds: number[];
  /** Words that occur in some contacts' names, for search scenarios. */
  searchTerms: string[];
  counts: BenchCounts;
}

const MEMBER_ROLES = ['administrator', 'project_manager', 'collaborator', 'partner'] as const;
const LEAD_STAGES: { key: string; probability: number; weight: number }[] = [
  { key: 'new', probability: 10, weight: 3 },
  { key: 'contacted', probability: 20, weight: 3 },
  { key: 'meeting_scheduled', probability: 40, weight: 2 },
  { key: 'proposal_sent', probability: 60, weight: 2 },
  { key: 'won', probability: 100, weight: 2 },
  { key: 'lost', probability: 0, weight: 1 },
];
const WEIGHTED_STAGES = LEAD_STAGES.flatMap((s) => Array<typeof s>(s.weight).fill(s));
const INVOICE_STATUSES = ['paid', 'paid', 'paid', 'sent', 'sent', 'viewed', 'overdue', 'draft'];
const TAGS = [
  { name: 'VIP', color: 'purple' },
  { name: 'Newsletter', color: 'blue' },
  { name: 'Referral', color: 'green' },
  { name: 'Cold', color: 'yellow' },
  { name: 'Partner', color: 'orange' },
  { name: 'Follow up', color: 'red' },
] as const;

/**
 * Seeds the benchmark data set into a migrated database and returns how to sign in as the
 * owner of the big workspace. A `tag` (random unless given) keeps emails and subdomains
 * unique, so seeding twice into one database works.
 */
export async function seedBench(
  db: Database,
  options: {
    counts?: Partial<BenchCounts>;
    onProgress?: OnProgress;
    password?: string;
    tag?: string;
    seed?: number;
    /** Each workspace's own counts (by index), instead of one big and the rest a hundredth. */
    sizeOf?: (index: number) => BenchCounts;
  } = {},
): Promise<BenchSeedResult> {
  const counts = { ...BENCH_COUNTS, ...options.counts };
  const tag = options.tag ?? randomBytes(3).toString('hex');
  const password = options.password ?? 'bench-password-1';
  const rng = random(options.seed ?? 42);
  const report = options.onProgress ?? (() => {});
  const now = Date.now();

  // One real argon2 hash, shared: hashing thousands of times would only measure argon2.
  report({ phase: 'users', done: 0, total: 1 });
  const passwordHash = await hashPassword(password);
  const memberCount = 1 + MEMBER_ROLES.length;
  const userRows: Insertable<DB['users']>[] = [];
  for (let w = 0; w < counts.workspaces; w++) {
    for (let m = 0; m < memberCount; m++) {
      const name = personName(rng);
      const local = w === 0 && m === 0 ? 'owner' : `w${w}m${m}`;
      userRows.push({
        email: `bench-${tag}-${local}@example.com`,
        fullName: name.full,
        passwordHash,
        timezone: 'Europe/London',
      });
    }
  }
  await insertBatched(db, 'users', userRows);
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'like', `bench-${tag}-%`)
    .execute();
  const userId = new Map(users.map((u) => [u.email, u.id]));
  report({ phase: 'users', done: 1, total: 1 });

  const workspaceIds: number[] = [];
  for (let w = 0; w < counts.workspaces; w++) {
    const big = w === 0;
    const name = big ? 'Bench Agency' : `${companyName(rng)} ${w}`;
    const workspace = await db
      .insertInto('workspaces')
      .values({ name, subdomain: `bench-${tag}-${w}-${slugPart(name)}`.slice(0, 60) })
      .returning('id')
      .executeTakeFirstOrThrow();
    workspaceIds.push(workspace.id);
    const members = userRows
      .slice(w * memberCount, (w + 1) * memberCount)
      .map((u) => userId.get(u.email)!);
    await insertBatched(
      db,
      'userWorkspaces',
      members.map((id, m) => ({
        workspaceId: workspace.id,
        userId: id,
        role: m === 0 ? 'owner' : MEMBER_ROLES[m - 1]!,
        invitedBy: m === 0 ? null : members[0]!,
      })),
    );
    await insertStages(db, workspace.id, DEFAULT_STAGES);
    await ensureProfile(db, workspace.id);
    const scaled = options.sizeOf ? options.sizeOf(w) : big ? counts : scale(counts, 100);
    await seedWorkspace(db, rng, now, workspace.id, members, scaled, (phase, done, total) => {
      if (big) report({ phase, done, total });
    });
    if (!big) report({ phase: 'workspaces', done: w, total: counts.workspaces - 1 });
  }

  report({ phase: 'statistics', done: 0, total: 1 });
  await vacuumAnalyze(db);
  report({ phase: 'statistics', done: 1, total: 1 });

  return {
    email: `bench-${tag}-owner@example.com`,
    password,
    userId: userId.get(`bench-${tag}-owner@example.com`)!,
    workspaceId: workspaceIds[0]!,
    workspaceIds,
    searchTerms: ['garcia', 'nakamura', 'ada'],
    counts,
  };
}

export function scale(counts: BenchCounts, divisor: number): BenchCounts {
  const part = (n: number) => Math.max(1, Math.ceil(n / divisor));
  return {
    workspaces: 1,
    contacts: part(counts.contacts),
    organizations: part(counts.organizations),
    leads: part(counts.leads),
    projects: part(counts.projects),
    timeEntries: part(counts.timeEntries),
    invoices: part(counts.invoices),
  };
}

/** Fills one workspace whose members and stages exist. */
async function seedWorkspace(
  db: Database,
  rng: Random,
  now: number,
  workspaceId: number,
  members: number[],
  counts: BenchCounts,
  report: (phase: string, done: number, total: number) => void,
): Promise<void> {
  const progress = (phase: string, total: number) => (done: number) => report(phase, done, total);
  const TWO_YEARS = 730;

  // Organizations
  const orgRows: Insertable<DB['organizations']>[] = [];
  for (let i = 0; i < counts.organizations; i++) {
    const name = companyName(rng, i + 1);
    orgRows.push({
      workspaceId,
      name,
      email: `hello@${slugPart(name)}.example.com`,
      phone: phone(rng),
      website: `https://${slugPart(name)}.example.com`,
      industry: rng.pick(INDUSTRIES),
      status: rng.chance(0.9) ? 'active' : 'inactive',
      createdAt: pastDate(rng, now, TWO_YEARS),
    });
  }
  await insertBatched(
    db,
    'organizations',
    orgRows,
    progress('organizations', counts.organizations),
  );
  const orgIds = await idsOf(db, 'organizations', workspaceId);
  const orgName = new Map(orgIds.map((id, i) => [id, orgRows[i]!.name]));

  // Contacts
  const personRows: Insertable<DB['persons']>[] = [];
  const personCompany: (number | null)[] = [];
  for (let i = 0; i < counts.contacts; i++) {
    const name = personName(rng);
    const companyId = rng.chance(0.8) ? rng.pick(orgIds) : null;
    personCompany.push(companyId);
    const createdAt = pastDate(rng, now, TWO_YEARS);
    personRows.push({
      workspaceId,
      fullName: name.full,
      email: `${slugPart(name.first)}.${slugPart(name.last)}${i + 1}@example.com`,
      phone: rng.chance(0.7) ? phone(rng) : null,
      jobTitle: rng.chance(0.8) ? rng.pick(JOB_TITLES) : null,
      companyId,
      assignedUserId: rng.chance(0.6) ? rng.pick(members) : null,
      status: rng.chance(0.85) ? 'active' : 'inactive',
      notes: rng.chance(0.2) ? 'Met at a conference; prefers email.' : null,
      lastContact: rng.chance(0.5) ? addDays(createdAt, rng.int(0, 60)) : null,
      createdAt,
    });
  }
  await insertBatched(db, 'persons', personRows, progress('contacts', counts.contacts));
  const personIds = await idsOf(db, 'persons', workspaceId);

  // Tags on about a third of the contacts
  await insertBatched(
    db,
    'tags',
    TAGS.map((t) => ({ workspaceId, ...t })),
  );
  const tagIds = await idsOf(db, 'tags', workspaceId);
  const contactTagRows: Insertable<DB['contactTags']>[] = [];
  for (const personId of personIds) {
    if (!rng.chance(0.33)) continue;
    const first = rng.int(0, tagIds.length - 1);
    contactTagRows.push({ workspaceId, personId, tagId: tagIds[first]! });
    if (rng.chance(0.3)) {
      const second = (first + rng.int(1, tagIds.length - 1)) % tagIds.length;
      contactTagRows.push({ workspaceId, personId, tagId: tagIds[second]! });
    }
  }
  await insertBatched(db, 'contactTags', contactTagRows);

  // Opportunities
  const leadRows: Insertable<DB['leads']>[] = [];
  for (let i = 0; i < counts.leads; i++) {
    const index = rng.int(0, Math.max(0, personIds.length - 1));
    const personId = personIds.length > 0 && rng.chance(0.8) ? personIds[index]! : null;
    const companyId =
      personId !== null ? personCompany[index]! : rng.chance(0.5) ? rng.pick(orgIds) : null;
    const stage = rng.pick(WEIGHTED_STAGES);
    const createdAt = pastDate(rng, now, TWO_YEARS);
    leadRows.push({
      workspaceId,
      dealName: dealName(rng, companyId === null ? undefined : orgName.get(companyId)),
      personId,
      companyId,
      stage: stage.key,
      value: (rng.int(50, 5000) * 10).toFixed(2),
      probability: stage.probability,
      assignedUserId: rng.chance(0.7) ? rng.pick(members) : null,
      closeDate: day(addDays(createdAt, rng.int(14, 120))),
      lastContact: rng.chance(0.6) ? addDays(createdAt, rng.int(0, 30)) : null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await insertBatched(db, 'leads', leadRows, progress('opportunities', counts.leads));

  // Clients, projects and their tasks
  const clientCount = Math.max(1, Math.round(counts.projects / 1.5));
  const clientRows: Insertable<DB['clients']>[] = [];
  for (let i = 0; i < clientCount; i++) {
    const name = personName(rng);
    const company = rng.pick(orgRows)?.name ?? companyName(rng);
    clientRows.push({
      workspaceId,
      name: name.full,
      email: `${slugPart(name.first)}.${slugPart(name.last)}.client${i + 1}@example.com`,
      company,
      phone: phone(rng),
      status: rng.pick(['active', 'active', 'lead', 'inactive']),
      hourlyRate: String(rng.int(6, 18) * 10),
      createdAt: pastDate(rng, now, TWO_YEARS),
    });
  }
  await insertBatched(db, 'clients', clientRows);
  const clientIds = await idsOf(db, 'clients', workspaceId);

  const projectRows: Insertable<DB['projects']>[] = [];
  const projectClient: number[] = [];
  for (let i = 0; i < counts.projects; i++) {
    const clientIndex = rng.int(0, clientIds.length - 1);
    projectClient.push(clientIds[clientIndex]!);
    const budgetType = rng.chance(0.6) ? 'time' : 'budget';
    projectRows.push({
      workspaceId,
      name: `${dealName(rng, undefined)} ${i + 1}`,
      description: `Work for ${clientRows[clientIndex]!.company}.`,
      clientId: clientIds[clientIndex]!,
      status: rng.pick(['active', 'active', 'active', 'completed', 'paused']),
      budgetType,
      budgetLimit: budgetType === 'time' ? rng.int(20, 400) : rng.int(20, 800) * 100,
      hourlyRate: rng.int(6, 18) * 10,
      assignedUserId: rng.pick(members),
      createdAt: pastDate(rng, now, TWO_YEARS),
    });
  }
  await insertBatched(db, 'projects', projectRows, progress('projects', counts.projects));
  const projectIds = await idsOf(db, 'projects', workspaceId);

  const taskRows: Insertable<DB['tasks']>[] = [];
  for (const projectId of projectIds) {
    for (let t = rng.int(0, 3); t > 0; t--) {
      taskRows.push({
        workspaceId,
        projectId,
        title: rng.pick(WORK_DESCRIPTIONS),
        assignedUserId: rng.pick(members),
        status: rng.chance(0.5) ? 'done' : 'todo',
        dueDate: day(addDays(new Date(now), rng.int(-30, 60))),
      });
    }
  }
  await insertBatched(db, 'tasks', taskRows);

  // Time entries, then the project totals they imply
  const entryRows: Insertable<DB['timeEntries']>[] = [];
  // Each entry stores its project's rate, as logging time does.
  const rateOf = new Map(projectIds.map((id, i) => [id, String(projectRows[i]!.hourlyRate)]));
  for (let i = 0; i < counts.timeEntries; i++) {
    const date = pastDate(rng, now, TWO_YEARS);
    const projectId = rng.pick(projectIds);
    entryRows.push({
      workspaceId,
      projectId,
      rate: rateOf.get(projectId)!,
      userId: rng.pick(members),
      description: rng.pick(WORK_DESCRIPTIONS),
      hours: (rng.int(1, 32) / 4).toFixed(2),
      date: day(date),
      isTimer: rng.chance(0.1),
      createdAt: date,
    });
  }
  await insertBatched(db, 'timeEntries', entryRows, progress('time entries', counts.timeEntries));
  await refreshAllProjectTotals(db, workspaceId);

  // Invoices
  const invoiceRows: Insertable<DB['invoices']>[] = [];
  const digits = Math.max(5, String(counts.invoices).length);
  for (let i = 0; i < counts.invoices; i++) {
    const projectIndex = rng.int(0, projectIds.length - 1);
    const withProject = rng.chance(0.7);
    const createdAt = pastDate(rng, now, TWO_YEARS);
    const status = rng.pick(INVOICE_STATUSES);
    const dueDate = addDays(createdAt, 30);
    invoiceRows.push({
      workspaceId,
      clientId: withProject ? projectClient[projectIndex]! : rng.pick(clientIds),
      projectId: withProject ? projectIds[projectIndex]! : null,
      invoiceNumber: `INV-${String(i + 1).padStart(digits, '0')}`,
      amount: (rng.int(10, 2000) * 25).toFixed(2),
      status,
      dueDate: day(dueDate),
      paidDate: status === 'paid' ? day(addDays(createdAt, rng.int(1, 45))) : null,
      createdAt,
    });
  }
  await insertBatched(db, 'invoices', invoiceRows, progress('invoices', counts.invoices));
  await adoptLegacyInvoices(db, workspaceId);

  // A few proposals
  const proposalRows: Insertable<DB['proposals']>[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(counts.projects / 10)); i++) {
    const createdAt = pastDate(rng, now, 365);
    proposalRows.push({
      workspaceId,
      title: dealName(rng, undefined),
      clientName: rng.pick(orgRows)?.name ?? companyName(rng),
      description: 'Scope, timeline and price for the work discussed.',
      amount: (rng.int(20, 400) * 100).toFixed(2),
      status: rng.pick(['draft', 'sent', 'viewed', 'accepted', 'rejected']),
      dueDate: day(addDays(createdAt, 21)),
      createdAt,
      updatedAt: createdAt,
    });
  }
  await insertBatched(db, 'proposals', proposalRows);
}
