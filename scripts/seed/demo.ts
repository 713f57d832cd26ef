/*
 * A small, believable workspace for someone trying Keel: a design agency with a dozen
 * contacts, their companies, deals across the pipeline, a few projects with logged time,
 * tasks on a board, rate cards, a timesheet awaiting approval, invoices, expenses (one billed),
 * a proposal, a catalogue of services and a draft contract.
 */
import { startOfISOWeek, subWeeks } from 'date-fns';
import type { Database } from '../../src/server/db/create-db.ts';
import { hashPassword } from '../../src/server/domains/auth/auth.service.ts';
import { createDraft } from '../../src/server/domains/invoices/invoices.service.ts';
import { ensureProfile } from '../../src/server/domains/business/business.repository.ts';
import { adoptLegacyInvoices } from '../../src/server/domains/invoices/legacy-invoices.ts';
import { findDefaultTemplate } from '../../src/server/domains/contracts/contracts.repository.ts';
import {
  createContract,
  insertStarterTemplates,
} from '../../src/server/domains/contracts/contracts.service.ts';
import { insertStages } from '../../src/server/domains/pipeline/pipeline.repository.ts';
import { DEFAULT_STAGES } from '../../src/server/domains/pipeline/pipeline.service.ts';
import {
  addDays,
  day,
  idsOf,
  insertBatched,
  refreshAllProjectTotals,
  vacuumAnalyze,
} from './common.ts';

export interface DemoSeedResult {
  email: string;
  password: string;
  userId: number;
  workspaceId: number;
  workspaceName: string;
}

const ORGANIZATIONS = [
  { name: 'Fernhill Bakery', industry: 'Hospitality', website: 'https://fernhill.example.com' },
  { name: 'Lumen Health', industry: 'Healthcare', website: 'https://lumenhealth.example.com' },
  { name: 'Cedar & Stone Architects', industry: 'Real Estate', website: null },
  { name: 'Northbound Logistics', industry: 'Manufacturing', website: null },
  { name: 'Brightside Charity', industry: 'Non-profit', website: 'https://brightside.example.org' },
] as const;

// [full name, job title, organization index or null, tag names]
const CONTACTS: [string, string, number | null, string[]][] = [
  ['Maya Okafor', 'Owner', 0, ['VIP']],
  ['Tom Becker', 'Head Baker', 0, []],
  ['Priya Raman', 'Marketing Director', 1, ['VIP', 'Follow up']],
  ['Daniel Kim', 'CTO', 1, []],
  ['Sofia Marchetti', 'Partner', 2, ['Referral']],
  ['Lucas Weber', 'Office Manager', 2, []],
  ['Hannah Lindqvist', 'Operations Lead', 3, ['Follow up']],
  ['Omar Haddad', 'Procurement Officer', 3, []],
  ['Grace Adeyemi', 'Fundraising Manager', 4, ['Newsletter']],
  ['Kenji Ito', 'Freelance Photographer', null, ['Referral']],
  ['Elena Costa', 'Founder', null, ['Newsletter']],
  ['Felix Moreau', 'Product Manager', 1, []],
];

const TAGS = [
  { name: 'VIP', color: 'purple' },
  { name: 'Referral', color: 'green' },
  { name: 'Newsletter', color: 'blue' },
  { name: 'Follow up', color: 'red' },
] as const;

/** Seeds the demo agency; fails if it was already seeded (its owner's email is taken). */
export async function seedDemo(
  db: Database,
  options: { email?: string; password?: string } = {},
): Promise<DemoSeedResult> {
  const email = options.email ?? 'demo@keel.example.com';
  const password = options.password ?? 'keel-demo';
  const workspaceName = 'Harbor Lane Studio';
  const now = new Date();
  const ago = (days: number) => addDays(now, -days);

  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (taken) throw new Error(`The demo is already seeded: ${email} exists.`);

  const seeded = await db.transaction().execute(async (trx) => {
    const passwordHash = await hashPassword(password);
    const owner = await trx
      .insertInto('users')
      .values({ email, fullName: 'Alex Morgan', passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    const teammate = await trx
      .insertInto('users')
      .values({
        email: email.replace('@', '+sam@'),
        fullName: 'Sam Rivera',
        passwordHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subdomain = `harbor-lane-${owner.id}`;
    const workspace = await trx
      .insertInto('workspaces')
      .values({
        name: workspaceName,
        subdomain,
        description: 'A four-person design and web studio.',
        email: 'hello@harborlane.example.com',
        website: 'https://harborlane.example.com',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const workspaceId = workspace.id;
    await insertBatched(trx, 'userWorkspaces', [
      { workspaceId, userId: owner.id, role: 'owner' },
      { workspaceId, userId: teammate.id, role: 'project_manager', invitedBy: owner.id },
    ]);
    await insertStages(trx, workspaceId, DEFAULT_STAGES);
    await insertStarterTemplates(trx, workspaceId);
    await ensureProfile(trx, workspaceId);

    await insertBatched(
      trx,
      'organizations',
      ORGANIZATIONS.map((o, i) => ({
        workspaceId,
        name: o.name,
        industry: o.industry,
        website: o.website,
        email: `hello@${o.name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
        createdAt: ago(120 - i * 10),
      })),
    );
    const orgIds = await idsOf(trx, 'organizations', workspaceId);

    await insertBatched(
      trx,
      'persons',
      CONTACTS.map(([fullName, jobTitle, org], i) => ({
        workspaceId,
        fullName,
        jobTitle,
        email: `${fullName.toLowerCase().replace(' ', '.')}@example.com`,
        phone: `+1 415-555-01${String(i).padStart(2, '0')}`,
        companyId: org === null ? null : orgIds[org]!,
        assignedUserId: i % 3 === 0 ? teammate.id : owner.id,
        lastContact: ago(i * 3),
        createdAt: ago(100 - i * 7),
      })),
    );
    const personIds = await idsOf(trx, 'persons', workspaceId);

    await insertBatched(
      trx,
      'tags',
      TAGS.map((t) => ({ workspaceId, ...t })),
    );
    const tagIds = await idsOf(trx, 'tags', workspaceId);
    await insertBatched(
      trx,
      'contactTags',
      CONTACTS.flatMap(([, , , tags], i) =>
        tags.map((name) => ({
          workspaceId,
          personId: personIds[i]!,
          tagId: tagIds[TAGS.findIndex((t) => t.name === name)]!,
        })),
      ),
    );

    // [deal, contact index, stage, value, probability, close in days]
    const deals: [string, number, string, number, number, number][] = [
      ['Online ordering site', 0, 'won', 8400, 100, -20],
      ['Patient portal redesign', 2, 'proposal_sent', 24000, 60, 21],
      ['Practice brand refresh', 4, 'meeting_scheduled', 12500, 40, 35],
      ['Fleet tracking dashboard', 6, 'contacted', 18000, 20, 60],
      ['Donation page revamp', 8, 'new', 4500, 10, 45],
      ['Portfolio website', 9, 'lost', 2200, 0, -10],
      ['Newsletter templates', 10, 'contacted', 1800, 20, 30],
      ['Mobile app prototype', 11, 'new', 30000, 10, 90],
    ];
    await insertBatched(
      trx,
      'leads',
      deals.map(([dealName, contact, stage, value, probability, closeIn], i) => ({
        workspaceId,
        dealName,
        personId: personIds[contact]!,
        companyId: CONTACTS[contact]![2] === null ? null : orgIds[CONTACTS[contact]![2]!]!,
        stage,
        value: value.toFixed(2),
        probability,
        assignedUserId: i % 2 === 0 ? owner.id : teammate.id,
        closeDate: day(addDays(now, closeIn)),
        createdAt: ago(60 - i * 5),
        updatedAt: ago(30 - i * 3),
      })),
    );

    await insertBatched(trx, 'clients', [
      {
        workspaceId,
        name: 'Maya Okafor',
        email: 'maya.okafor@example.com',
        company: 'Fernhill Bakery',
        status: 'active',
        hourlyRate: '95.00',
        createdAt: ago(90),
      },
      {
        workspaceId,
        name: 'Priya Raman',
        email: 'priya.raman@example.com',
        company: 'Lumen Health',
        status: 'active',
        hourlyRate: '120.00',
        createdAt: ago(70),
      },
      {
        workspaceId,
        name: 'Grace Adeyemi',
        email: 'grace.adeyemi@example.com',
        company: 'Brightside Charity',
        status: 'lead',
        hourlyRate: '80.00',
        createdAt: ago(30),
      },
    ]);
    const clientIds = await idsOf(trx, 'clients', workspaceId);

    await insertBatched(trx, 'projects', [
      {
        workspaceId,
        name: 'Fernhill online ordering',
        description: 'Menu, ordering and pickup slots for the bakery.',
        clientId: clientIds[0]!,
        status: 'completed',
        budgetType: 'budget',
        budgetLimit: '8400.00',
        hourlyRate: '95.00',
        assignedUserId: owner.id,
        createdAt: ago(80),
      },
      {
        workspaceId,
        name: 'Lumen patient portal discovery',
        description: 'Interviews, journey maps and a clickable prototype.',
        clientId: clientIds[1]!,
        status: 'active',
        budgetType: 'time',
        budgetLimit: '60.00',
        hourlyRate: '120.00',
        assignedUserId: teammate.id,
        createdAt: ago(40),
      },
      {
        workspaceId,
        name: 'Brightside donation page',
        description: 'A faster, clearer way to give.',
        clientId: clientIds[2]!,
        status: 'paused',
        budgetType: 'time',
        budgetLimit: '25.00',
        hourlyRate: '80.00',
        assignedUserId: owner.id,
        createdAt: ago(20),
      },
    ]);
    const projectIds = await idsOf(trx, 'projects', workspaceId);

    const work = ['Kick-off meeting', 'Wireframes', 'Design review', 'Frontend build', 'QA pass'];
    const entries = [];
    for (let i = 0; i < 36; i++) {
      const project = i % 3;
      entries.push({
        workspaceId,
        projectId: projectIds[project]!,
        rate: ['95.00', '120.00', '80.00'][project]!,
        // What the hour cost (the reports' margins): the teammate's time at 50 an hour;
        // the owner's own time has no cost, their pay is what the business keeps.
        costRate: i % 2 === 0 ? '0.00' : '50.00',
        userId: i % 2 === 0 ? owner.id : teammate.id,
        description: work[i % work.length]!,
        hours: (1 + (i % 6) * 0.5).toFixed(2),
        date: day(ago(75 - i * 2)),
      });
    }
    await insertBatched(trx, 'timeEntries', entries);
    await refreshAllProjectTotals(trx, workspaceId);

    // Rate cards from today on (so the entries above, logged earlier, keep the project
    // rates they were logged at): the teammate's own rates, the owner's on the retainer,
    // and a raise on the portal project next month.
    await insertBatched(trx, 'rates', [
      {
        workspaceId,
        userId: teammate.id,
        billableRate: '110.00',
        costRate: '55.00',
        effectiveFrom: day(ago(0)),
      },
      {
        workspaceId,
        userId: owner.id,
        projectId: projectIds[0]!,
        billableRate: '105.00',
        costRate: '40.00',
        effectiveFrom: day(ago(0)),
      },
      {
        workspaceId,
        projectId: projectIds[1]!,
        billableRate: '135.00',
        costRate: '0.00',
        effectiveFrom: day(ago(-30)),
      },
    ]);

    // The teammate's last two weeks: the earlier approved (its entries locked), the last
    // submitted and waiting for the owner's review on /timesheets.
    const lastWeek = startOfISOWeek(ago(7));
    await insertBatched(trx, 'timesheets', [
      {
        workspaceId,
        userId: teammate.id,
        weekStart: day(subWeeks(lastWeek, 1)),
        status: 'approved',
        submittedAt: ago(9),
        reviewedBy: owner.id,
        reviewedAt: ago(8),
      },
      {
        workspaceId,
        userId: teammate.id,
        weekStart: day(lastWeek),
        status: 'submitted',
        submittedAt: ago(1),
      },
    ]);

    await insertBatched(trx, 'invoices', [
      {
        workspaceId,
        clientId: clientIds[0]!,
        projectId: projectIds[0]!,
        invoiceNumber: 'INV-1001',
        amount: '4200.00',
        status: 'paid',
        dueDate: day(ago(45)),
        paidDate: day(ago(50)),
        createdAt: ago(75),
      },
      {
        workspaceId,
        clientId: clientIds[0]!,
        projectId: projectIds[0]!,
        invoiceNumber: 'INV-1002',
        amount: '4200.00',
        status: 'paid',
        dueDate: day(ago(10)),
        paidDate: day(ago(12)),
        createdAt: ago(40),
      },
      {
        workspaceId,
        clientId: clientIds[1]!,
        projectId: projectIds[1]!,
        invoiceNumber: 'INV-1003',
        amount: '3600.00',
        status: 'sent',
        dueDate: day(addDays(now, 14)),
        createdAt: ago(16),
      },
      {
        workspaceId,
        clientId: clientIds[1]!,
        projectId: null,
        invoiceNumber: 'INV-1004',
        amount: '950.00',
        status: 'overdue',
        dueDate: day(ago(5)),
        createdAt: ago(35),
      },
    ]);

    await adoptLegacyInvoices(trx, workspaceId);
    // The seller details every invoice the demo issues carries.
    await trx
      .updateTable('businessProfiles')
      .set({
        legalName: 'Keel Demo Studio Ltd',
        address: '12 Harbour Street\nBristol BS1 4RN\nUnited Kingdom',
        taxId: 'GB123456789',
        paymentInstructions:
          'Bank transfer to Keel Demo Studio Ltd\nIBAN GB33 BUKB 2020 1555 5555 55\nBIC BUKBGB22',
        invoiceFooter: 'Thank you for your business.',
      })
      .where('workspaceId', '=', workspaceId)
      .execute();
    await trx
      .updateTable('clients')
      .set({
        address: '48 Market Lane\nLeeds LS1 6DT\nUnited Kingdom',
        contactName: 'Accounts team',
      })
      .where('workspaceId', '=', workspaceId)
      .execute();

    // A dozen expenses over the last months, some billable to a client (one with a markup),
    // and one of them billed on a draft invoice of Lumen Health.
    const categories = await trx
      .selectFrom('expenseCategories')
      .select(['id', 'name'])
      .where('workspaceId', '=', workspaceId)
      .execute();
    const category = (name: string) => categories.find((c) => c.name === name)?.id ?? null;
    const expense = (
      daysAgo: number,
      amount: string,
      categoryName: string,
      vendor: string,
      extra: { projectId?: number; clientId?: number; markupPercent?: string; notes?: string } = {},
    ) => ({
      workspaceId,
      date: day(ago(daysAgo)),
      amount,
      currency: 'USD',
      categoryId: category(categoryName),
      vendor,
      billable: extra.clientId !== undefined,
      createdBy: daysAgo % 2 === 0 ? owner.id : teammate.id,
      ...extra,
    });
    await insertBatched(trx, 'expenses', [
      expense(84, '49.00', 'Software', 'Figma', { notes: 'Team plan, monthly' }),
      expense(79, '1249.00', 'Equipment', 'Apple Store', { notes: 'Laptop for Sam' }),
      expense(70, '64.80', 'Meals', 'Fernhill Bakery', {
        projectId: projectIds[0]!,
        clientId: clientIds[0]!,
        notes: 'Workshop lunch',
      }),
      expense(62, '212.40', 'Travel', 'GWR', {
        projectId: projectIds[1]!,
        clientId: clientIds[1]!,
        notes: 'Return to London for interviews',
      }),
      expense(55, '49.00', 'Software', 'Figma', { notes: 'Team plan, monthly' }),
      expense(48, '180.00', 'Office', 'Harbour Co-working', { notes: 'Meeting room, two days' }),
      expense(41, '350.00', 'Subcontractors', 'Kenji Ito Photography', {
        projectId: projectIds[0]!,
        clientId: clientIds[0]!,
        markupPercent: '15.00',
        notes: 'Product photos for the menu',
      }),
      expense(33, '29.99', 'Software', 'Usability Hub', { projectId: projectIds[1]! }),
      expense(26, '49.00', 'Software', 'Figma', { notes: 'Team plan, monthly' }),
      expense(18, '96.50', 'Travel', 'Bristol Taxis', {
        projectId: projectIds[1]!,
        clientId: clientIds[1]!,
        notes: 'Usability sessions on site',
      }),
      expense(9, '38.20', 'Meals', 'Harbourside Café', { notes: 'Team lunch' }),
      expense(3, '75.00', 'Other', 'Royal Mail', { notes: 'Posting prototypes' }),
    ]);
    const [trainFare] = await trx
      .selectFrom('expenses')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .where('vendor', '=', 'GWR')
      .execute();
    await createDraft(
      { db: trx, workspace: { id: workspaceId }, user: { id: owner.id }, role: 'owner' },
      { clientId: clientIds[1]!, expenseIds: [trainFare!.id], status: 'draft', notes: undefined },
    );

    // The studio's catalogue: what its estimates and invoices are usually made of.
    const service = (
      name: string,
      unit: string,
      unitPrice: string,
      category: string,
      description: string,
    ) => ({
      workspaceId,
      name,
      unit,
      unitPrice,
      currency: 'USD',
      taxRate: '0',
      category,
      description,
    });
    await insertBatched(trx, 'services', [
      service(
        'Discovery workshop',
        'day',
        '1400.00',
        'Strategy',
        'Half-day workshops with stakeholders, notes and a summary.',
      ),
      service(
        'Brand identity',
        'project',
        '6500.00',
        'Design',
        'Logo, palette, type and a short brand guide.',
      ),
      service(
        'UX design',
        'hour',
        '110.00',
        'Design',
        'Research, flows, wireframes and prototypes.',
      ),
      service(
        'Front-end development',
        'hour',
        '125.00',
        'Development',
        'Accessible, responsive front ends.',
      ),
      service(
        'Care plan',
        'month',
        '450.00',
        'Support',
        'Updates, monitoring and two hours of changes a month.',
      ),
    ]);
    await insertBatched(trx, 'proposals', [
      {
        workspaceId,
        title: 'Patient portal: design and build',
        clientName: 'Lumen Health',
        description:
          'Phase 2 after discovery: visual design, accessible front end and integration with the booking system, in three milestones.',
        amount: '24000.00',
        status: 'sent',
        dueDate: day(addDays(now, 21)),
        createdAt: ago(6),
        updatedAt: ago(6),
      },
    ]);

    // Tasks in each status, with estimates; the time already logged on a task's kind of work
    // names the task, so the board shows hours against estimates (one runs over).
    const task = (
      project: number,
      title: string,
      status: string,
      sortOrder: number,
      estimateHours: string | null,
      assignedUserId: number,
      dueDate: string | null,
    ) => ({
      workspaceId,
      projectId: projectIds[project]!,
      title,
      status,
      sortOrder,
      estimateHours,
      assignedUserId,
      dueDate,
      createdBy: owner.id,
    });
    await insertBatched(trx, 'tasks', [
      task(
        1,
        'Book five patient interviews',
        'in_progress',
        0,
        '6.00',
        teammate.id,
        day(addDays(now, 3)),
      ),
      task(1, 'Share journey map draft', 'todo', 0, '8.00', owner.id, day(addDays(now, 10))),
      task(
        1,
        'Wireframes for the booking flow',
        'in_progress',
        1,
        '12.00',
        teammate.id,
        day(addDays(now, 6)),
      ),
      task(1, 'Design review with the Lumen team', 'done', 0, '4.00', owner.id, day(ago(12))),
      task(1, 'Kick-off meeting', 'done', 1, '2.00', owner.id, day(ago(30))),
      task(0, 'Pickup slot calendar', 'done', 2, '10.00', owner.id, day(ago(40))),
      task(2, 'Donation form copy', 'todo', 1, '3.00', owner.id, day(ago(4))),
      task(2, 'Compare payment providers', 'todo', 2, '5.00', teammate.id, null),
    ]);
    const tasks = await trx
      .selectFrom('tasks')
      .select(['id', 'projectId', 'title'])
      .where('workspaceId', '=', workspaceId)
      .execute();
    const logOn = async (title: string, description: string) => {
      const named = tasks.find((t) => t.title === title)!;
      await trx
        .updateTable('timeEntries')
        .set({ taskId: named.id })
        .where('workspaceId', '=', workspaceId)
        .where('projectId', '=', named.projectId)
        .where('description', '=', description)
        .execute();
    };
    await logOn('Wireframes for the booking flow', 'Wireframes');
    await logOn('Design review with the Lumen team', 'Design review');
    await logOn('Kick-off meeting', 'Kick-off meeting');
    await logOn('Pickup slot calendar', 'Frontend build');

    return {
      result: { email, password, userId: owner.id, workspaceId, workspaceName },
      lumenHealth: clientIds[1]!,
      patientPortal: projectIds[1]!,
    };
  });
  // A retainer drafted for Lumen Health from the starter template, the way a member drafts
  // one (in its own transaction, with its audit trail's first event).
  const { workspaceId, userId } = seeded.result;
  await createContract(
    {
      db,
      workspace: { id: workspaceId },
      user: { id: userId, fullName: 'Alex Morgan' },
      role: 'owner',
    },
    {
      clientId: seeded.lumenHealth,
      projectId: seeded.patientPortal,
      title: 'Design retainer 2027',
      templateId: (await findDefaultTemplate(db, workspaceId))!.id,
      fee: '4500.00',
      currency: 'USD',
      startDate: day(addDays(now, 14)),
      endDate: day(addDays(now, 379)),
    },
    { ip: null, userAgent: null },
  );
  await vacuumAnalyze(db);
  return seeded.result;
}
