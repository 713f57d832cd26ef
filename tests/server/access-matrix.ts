import type { WorkspaceRole } from '../../src/shared/roles.ts';
import type { Target as FullTarget } from '../support/target.ts';

/**
 * Who may call a procedure: anyone, any signed-in user, any signed-in user on a browser
 * session but never on an API token ('session'), platform admins, or these workspace roles.
 * A read-only API token is refused every mutation that is not public.
 */
export type Access = 'public' | 'authed' | 'session' | 'admin' | readonly WorkspaceRole[];

/**
 * A workspace the callers belong to, with one row of each kind (tests/support/target.ts
 * builds it); the matrix inputs need only its ids.
 */
export type Target = Omit<
  FullTarget,
  'marker' | 'stageKey' | 'invitationToken' | 'logoKey' | 'photoKey' | 'receiptKey'
>;

export interface MatrixEntry {
  access: Access;
  type: 'query' | 'mutation';
  /** Input naming rows of the target workspace (the one the callers belong to). */
  input?: (target: Target, caller: { email: string }) => unknown;
  /** Puts the target in the state the call needs (run as the database, before the call). */
  prepare?: 'deleteTarget' | 'startTimers';
  /** Status an allowed caller gets when it is not a 2xx (a rule of the domain refuses it). */
  allowedStatus?: number;
  /** Status a refused signed-in caller gets: 403, or 404 where even existence is hidden. */
  denied?: 403 | 404;
  /**
   * A member of another workspace calling with the target's ids: refused with 404, or
   * answered about their own workspace only ('own').
   */
  outsider: 'not_found' | 'bad_request' | 'own' | 'n/a';
}

const ALL_ROLES = ['owner', 'partner', 'administrator', 'project_manager', 'collaborator'] as const;
const MANAGERS = ['owner', 'partner', 'administrator', 'project_manager'] as const;
const TEAM_MANAGERS = ['owner', 'administrator'] as const;
/** Who changes another member's booking types and bookings (scheduling.service.ts). */
const SCHEDULE_MANAGERS = ['owner', 'partner', 'administrator'] as const;
const TOKEN = 'A'.repeat(43);

/** Every tRPC procedure. A procedure missing here fails tests/server/access-matrix.test.ts. */
export const accessMatrix: Record<string, MatrixEntry> = {
  'auth.signup': { access: 'public', type: 'mutation', outsider: 'n/a' },
  'auth.login': { access: 'public', type: 'mutation', outsider: 'n/a' },
  // No password step waits for a code: 400, reached without a session.
  'auth.loginTwoFactor': {
    access: 'public',
    type: 'mutation',
    input: () => ({ code: '000000' }),
    outsider: 'n/a',
  },
  'auth.logout': { access: 'public', type: 'mutation', outsider: 'n/a' },
  'auth.me': { access: 'authed', type: 'query', outsider: 'own' },
  'auth.forgotPassword': {
    access: 'public',
    type: 'mutation',
    input: (_t, caller) => ({ email: caller.email }),
    outsider: 'n/a',
  },
  'auth.resetPassword': {
    access: 'public',
    type: 'mutation',
    input: () => ({ token: TOKEN, password: 'Fresh-horse-42' }),
    outsider: 'n/a',
  },

  'workspaces.create': {
    access: 'authed',
    type: 'mutation',
    input: () => ({ name: 'Matrix Made' }),
    outsider: 'own',
  },
  'workspaces.listMine': { access: 'authed', type: 'query', outsider: 'own' },
  'workspaces.current': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'workspaces.usage': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'workspaces.settings': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'workspaces.updateSettings': {
    access: ['owner', 'partner', 'administrator'],
    type: 'mutation',
    input: () => ({ timezone: 'Europe/Paris' }),
    outsider: 'own',
  },
  'workspaces.switch': {
    access: 'authed',
    type: 'mutation',
    input: (t) => ({ id: t.workspaceId }),
    outsider: 'not_found',
  },
  'workspaces.update': {
    access: ['owner', 'administrator'],
    type: 'mutation',
    input: (t) => ({ id: t.workspaceId, name: 'Renamed by matrix', description: 'changed' }),
    outsider: 'not_found',
  },
  'workspaces.delete': {
    access: ['owner'],
    type: 'mutation',
    input: (t) => ({ id: t.workspaceId }),
    outsider: 'not_found',
  },
  'team.members': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'team.invite': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: () => ({ email: 'invitee@example.com', fullName: 'Invitee', role: 'collaborator' }),
    outsider: 'own',
  },
  'team.changeRole': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.collaboratorUserId, role: 'project_manager' }),
    outsider: 'not_found',
  },
  'team.toggleActive': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.collaboratorUserId }),
    outsider: 'not_found',
  },
  'team.remove': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.collaboratorUserId }),
    outsider: 'not_found',
  },
  'team.export': { access: TEAM_MANAGERS, type: 'query', outsider: 'own' },
  'team.invitations': { access: TEAM_MANAGERS, type: 'query', outsider: 'own' },
  'team.resendInvitation': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invitationId }),
    outsider: 'not_found',
  },
  'team.cancelInvitation': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invitationId }),
    outsider: 'not_found',
  },
  'invitations.get': {
    access: 'public',
    type: 'query',
    input: () => ({ token: TOKEN }),
    outsider: 'n/a',
  },
  'invitations.accept': {
    access: 'public',
    type: 'mutation',
    input: () => ({ token: TOKEN, password: 'secret123' }),
    outsider: 'n/a',
  },

  'account.profile': { access: 'authed', type: 'query', outsider: 'own' },
  'account.updateProfile': {
    access: 'session',
    type: 'mutation',
    input: (_t, caller) => ({ firstName: 'Matrix', lastName: 'Person', email: caller.email }),
    outsider: 'own',
  },
  // A wrong current password: reaching the check is what the matrix proves.
  'account.changePassword': {
    access: 'session',
    type: 'mutation',
    input: () => ({
      currentPassword: 'wrong-one',
      newPassword: 'NewPassw0rd',
      confirmPassword: 'NewPassw0rd',
    }),
    allowedStatus: 400,
    outsider: 'n/a',
  },
  'account.updatePreferences': {
    access: 'authed',
    type: 'mutation',
    input: () => ({
      timezone: 'Europe/Paris',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      language: 'fr',
    }),
    outsider: 'own',
  },
  'account.updateNotifications': {
    access: 'authed',
    type: 'mutation',
    input: () => ({
      emailNotifications: false,
      pushNotifications: true,
      taskReminders: true,
      projectUpdates: false,
      teamInvites: true,
      securityAlerts: true,
    }),
    outsider: 'own',
  },
  'account.removePhoto': { access: 'authed', type: 'mutation', outsider: 'own' },
  'account.sessions': { access: 'authed', type: 'query', outsider: 'own' },
  'account.terminateSession': {
    access: 'session',
    type: 'mutation',
    input: () => ({ id: 'a'.repeat(32) }),
    allowedStatus: 404,
    outsider: 'n/a',
  },
  'account.terminateOtherSessions': { access: 'session', type: 'mutation', outsider: 'own' },
  'account.apiTokens': { access: 'authed', type: 'query', outsider: 'own' },
  'account.createApiToken': {
    access: 'session',
    type: 'mutation',
    input: () => ({ name: 'CI' }),
    outsider: 'own',
  },
  'account.revokeApiToken': {
    access: 'authed',
    type: 'mutation',
    input: () => ({ id: 2_000_000_000 }),
    allowedStatus: 404,
    outsider: 'n/a',
  },
  'account.twoFactor': { access: 'authed', type: 'query', outsider: 'own' },
  'account.setupTwoFactor': { access: 'session', type: 'mutation', outsider: 'own' },
  // A code that no pending secret takes: reaching the check is what the matrix proves.
  'account.enableTwoFactor': {
    access: 'session',
    type: 'mutation',
    input: () => ({ code: '000000' }),
    allowedStatus: 400,
    outsider: 'n/a',
  },
  // The members have it off: 409 once the caller is let through.
  'account.disableTwoFactor': {
    access: 'session',
    type: 'mutation',
    input: () => ({ password: 'wrong-one', code: '000000' }),
    allowedStatus: 409,
    outsider: 'n/a',
  },

  'contacts.list': {
    access: ALL_ROLES,
    type: 'query',
    input: () => ({ withTags: true }),
    outsider: 'own',
  },
  'contacts.export': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'contacts.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({
      fullName: 'Matrix Contact',
      companyId: t.organizationId,
      assignedUserId: t.ownerUserId,
    }),
    outsider: 'not_found',
  },
  'contacts.update': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.personId, fullName: 'Changed', companyId: t.organizationId }),
    outsider: 'not_found',
  },
  'contacts.delete': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.personId }),
    outsider: 'not_found',
  },
  'contacts.addTag': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.personId, tagId: t.tagId }),
    outsider: 'not_found',
  },
  'contacts.removeTag': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.personId, tagId: t.tagId }),
    outsider: 'not_found',
  },
  'contacts.bulk': {
    access: ALL_ROLES,
    type: 'mutation',
    // Tagging: an outsider's call names a tag of another workspace, which is not found.
    input: (t) => ({ action: 'tag', ids: [t.personId], tagId: t.tagId }),
    outsider: 'not_found',
  },
  'contacts.import': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ rows: [{ fullName: 'Imported Person', email: 'imported@example.com' }] }),
    outsider: 'own',
  },
  'tags.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'tags.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ name: 'matrix-tag', color: 'red' }),
    outsider: 'own',
  },

  'organizations.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'organizations.options': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'organizations.export': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'organizations.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ name: 'Matrix Org' }),
    outsider: 'own',
  },
  'organizations.update': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.organizationId, name: 'Changed Org' }),
    outsider: 'not_found',
  },
  'organizations.delete': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.organizationId }),
    outsider: 'not_found',
  },
  'organizations.import': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ rows: [{ name: 'Imported Org', email: 'imported-org@example.com' }] }),
    outsider: 'own',
  },

  'stages.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'stages.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ label: 'Matrix Stage' }),
    outsider: 'own',
  },
  'stages.update': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.stageId, label: 'Renamed Stage' }),
    outsider: 'not_found',
  },
  'stages.delete': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.stageId }),
    outsider: 'not_found',
  },
  'stages.reorder': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ ids: [...t.stageIds].reverse() }),
    // The outsider's own pipeline has other ids: refused as a bad order, changing nothing.
    outsider: 'bad_request',
  },
  'leads.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'leads.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({
      dealName: 'Matrix Deal',
      personId: t.personId,
      companyId: t.organizationId,
      assignedUserId: t.ownerUserId,
    }),
    outsider: 'not_found',
  },
  'leads.update': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.leadId, stage: 'won', value: 10 }),
    outsider: 'not_found',
  },
  'leads.delete': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.leadId }),
    outsider: 'not_found',
  },

  'business.get': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'business.update': {
    access: ['owner', 'partner', 'administrator'],
    type: 'mutation',
    input: () => ({ taxId: 'MATRIX-1', paymentTermsDays: 14 }),
    outsider: 'own',
  },
  'clients.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'clients.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.clientId }),
    outsider: 'not_found',
  },
  'clients.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ name: 'Matrix Client', email: 'client@example.com' }),
    outsider: 'own',
  },
  'clients.update': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.clientId, name: 'Changed Client' }),
    outsider: 'not_found',
  },
  // The target's client has a project and an invoice: every caller who may try is refused with 409.
  'clients.delete': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.clientId }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'projects.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'projects.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.projectId }),
    outsider: 'not_found',
  },
  // Everyone reads resourcing (planners see the team, others themselves); planners set capacity.
  'resourcing.get': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  // Reports: everyone reads income and utilisation (planners the team, others themselves);
  // profitability shows what time cost, so only those who see cost rates.
  'reports.income': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'reports.incomeExport': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'reports.profitability': { access: MANAGERS, type: 'query', outsider: 'own' },
  'reports.profitabilityExport': { access: MANAGERS, type: 'query', outsider: 'own' },
  'reports.utilisation': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'reports.utilisationExport': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'resourcing.setCapacity': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.collaboratorUserId, capacityHours: 30 }),
    outsider: 'not_found',
  },
  'projects.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({
      name: 'Matrix Project',
      clientId: t.clientId,
      budgetType: 'time',
      budgetLimit: 10,
      hourlyRate: 100,
    }),
    outsider: 'not_found',
  },
  // Rates are set by those who manage invoices (issue 18); other fields by everyone.
  'projects.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.projectId, hourlyRate: 150 }),
    outsider: 'not_found',
  },
  'projects.delete': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.projectId }),
    outsider: 'not_found',
  },
  // Tasks: every member reads, creates and moves them; the target's task is the owner's, so
  // of the others only managers edit or delete it. Managers change the statuses.
  'tasks.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'tasks.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ title: 'Matrix Task', projectId: t.projectId, assigneeId: t.ownerUserId }),
    outsider: 'not_found',
  },
  'tasks.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.taskId, title: 'Renamed Task' }),
    outsider: 'not_found',
  },
  'tasks.move': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.taskId, status: 'done' }),
    outsider: 'not_found',
  },
  'tasks.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.taskId }),
    outsider: 'not_found',
  },
  'taskStatuses.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'taskStatuses.create': {
    access: MANAGERS,
    type: 'mutation',
    input: () => ({ label: 'Matrix Review' }),
    outsider: 'own',
  },
  'taskStatuses.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.taskStatusId, label: 'Renamed Status' }),
    outsider: 'not_found',
  },
  'taskStatuses.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.taskStatusId }),
    outsider: 'not_found',
  },
  // Expenses (issue 23): every member records them; the target's is the owner's, so only
  // managers change it. Categories are read by all and changed by managers.
  'expenses.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'expenses.export': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'expenses.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.expenseId }),
    outsider: 'not_found',
  },
  'expenses.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ date: '2026-11-20', amount: '12.5', projectId: t.projectId }),
    outsider: 'not_found',
  },
  'expenses.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.expenseId, amount: '30' }),
    outsider: 'not_found',
  },
  'expenses.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.expenseId }),
    outsider: 'not_found',
  },
  // Issue 41, item 6: confirming a draft is a change of the expense (its creator or managers).
  'expenses.confirm': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.expenseId }),
    outsider: 'not_found',
  },
  'expenses.removeReceipt': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.expenseId }),
    outsider: 'not_found',
  },
  // Banking (issue 43): those who settle invoices read the bank; owners and administrators
  // manage accounts (the statement import is a multipart route, in the REST matrix).
  'banking.listAccounts': { access: MANAGERS, type: 'query', outsider: 'own' },
  'banking.getAccount': {
    access: MANAGERS,
    type: 'query',
    input: (t) => ({ id: t.bankAccountId }),
    outsider: 'not_found',
  },
  'banking.createAccount': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: () => ({ name: 'Matrix bank', currency: 'EUR' }),
    outsider: 'own',
  },
  'banking.updateAccount': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bankAccountId, name: 'Matrix renamed' }),
    outsider: 'not_found',
  },
  'banking.deleteAccount': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bankAccountId }),
    outsider: 'not_found',
  },
  'banking.reconciliation': {
    access: MANAGERS,
    type: 'query',
    input: (t) => ({ id: t.bankAccountId, month: '2026-11' }),
    outsider: 'not_found',
  },
  'banking.listTransactions': {
    access: MANAGERS,
    type: 'query',
    input: (t) => ({ accountId: t.bankAccountId }),
    outsider: 'own',
  },
  'banking.exportTransactions': { access: MANAGERS, type: 'query', outsider: 'own' },
  'banking.getTransaction': {
    access: MANAGERS,
    type: 'query',
    input: (t) => ({ id: t.bankTransactionId }),
    outsider: 'not_found',
  },
  // Matching records and deletes invoice payments: those who record payments do it. The
  // target's transaction is money in, unmatched.
  'banking.suggestions': {
    access: MANAGERS,
    type: 'query',
    input: (t) => ({ id: t.bankTransactionId }),
    outsider: 'not_found',
  },
  'banking.match': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bankTransactionId, expenseId: t.expenseId }),
    // Money in pays no expense.
    allowedStatus: 400,
    outsider: 'not_found',
  },
  'banking.unmatch': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bankTransactionId }),
    // The target's transaction is not matched.
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'banking.ignore': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bankTransactionId }),
    outsider: 'not_found',
  },
  'banking.createExpense': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bankTransactionId }),
    // Money in becomes no expense.
    allowedStatus: 400,
    outsider: 'not_found',
  },
  'banking.autoMatch': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bankAccountId }),
    outsider: 'not_found',
  },
  'banking.listRules': { access: MANAGERS, type: 'query', outsider: 'own' },
  'banking.createRule': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: () => ({
      name: 'Matrix rule',
      conditions: { field: 'any', contains: 'nothing here' },
      action: { type: 'ignore' },
    }),
    outsider: 'own',
  },
  'banking.updateRule': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({
      id: t.bankRuleId,
      name: 'Matrix rule',
      conditions: { field: 'any', contains: 'nothing here' },
      action: { type: 'ignore' },
    }),
    outsider: 'not_found',
  },
  'banking.deleteRule': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bankRuleId }),
    outsider: 'not_found',
  },
  'banking.reorderRules': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ ids: [t.bankRuleId] }),
    // The outsider's own rules have other ids: refused as a bad order, moving nothing.
    outsider: 'bad_request',
  },
  'banking.applyRules': { access: TEAM_MANAGERS, type: 'mutation', outsider: 'own' },
  'expenseCategories.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'expenseCategories.create': {
    access: MANAGERS,
    type: 'mutation',
    input: () => ({ name: 'Matrix category' }),
    outsider: 'own',
  },
  'expenseCategories.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.expenseCategoryId, name: 'Renamed category' }),
    outsider: 'not_found',
  },
  'expenseCategories.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.expenseCategoryId }),
    outsider: 'not_found',
  },
  // The services catalogue (issue 40): every member reads it (to price lines from it);
  // those who issue invoices and estimates change it.
  'services.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'services.categories': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'services.export': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'services.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.serviceId }),
    outsider: 'not_found',
  },
  'services.create': {
    access: MANAGERS,
    type: 'mutation',
    input: () => ({ name: 'Matrix service', unitPrice: '10' }),
    outsider: 'own',
  },
  'services.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.serviceId, unitPrice: '99' }),
    outsider: 'not_found',
  },
  'services.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.serviceId }),
    outsider: 'not_found',
  },
  'time.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  // A day outside the collaborator's approved (locked) week of 2026-11-16 (target.ts).
  'time.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ projectId: t.projectId, hours: 1.5, date: '2026-11-10' }),
    outsider: 'not_found',
  },
  // The entry is the owner's: managers may change anyone's time, a collaborator only their own.
  'time.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.timeEntryId, hours: 3 }),
    outsider: 'not_found',
  },
  'time.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.timeEntryId }),
    outsider: 'not_found',
  },
  'timer.current': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'timer.start': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ projectId: t.projectId }),
    outsider: 'not_found',
  },
  'timer.pause': {
    access: ALL_ROLES,
    type: 'mutation',
    prepare: 'startTimers',
    outsider: 'not_found',
  },
  'timer.stop': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ date: '2026-11-25' }),
    prepare: 'startTimers',
    outsider: 'not_found',
  },
  'timer.discard': {
    access: ALL_ROLES,
    type: 'mutation',
    prepare: 'startTimers',
    outsider: 'not_found',
  },
  'timer.update': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ description: 'Planning' }),
    prepare: 'startTimers',
    outsider: 'not_found',
  },
  // Timesheets (issue 22): everyone reads and submits their own week and fills its grid;
  // roles that manage time read others' and review them.
  'timesheets.get': {
    access: ALL_ROLES,
    type: 'query',
    input: () => ({ week: '2026-11-24' }),
    outsider: 'own',
  },
  'timesheets.pending': { access: MANAGERS, type: 'query', outsider: 'own' },
  'timesheets.submit': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ week: '2026-11-04' }),
    outsider: 'own',
  },
  'timesheets.approve': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ userId: t.collaboratorUserId, week: '2026-11-23' }),
    outsider: 'not_found',
  },
  'timesheets.reject': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ userId: t.collaboratorUserId, week: '2026-11-23', comment: 'Missing Friday' }),
    outsider: 'not_found',
  },
  'timesheets.unlock': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ userId: t.collaboratorUserId, week: '2026-11-16' }),
    outsider: 'not_found',
  },
  'timesheets.setCell': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ date: '2026-10-14', projectId: t.projectId, hours: 1.5 }),
    outsider: 'not_found',
  },
  // Notifications (issue 23): every member reads and marks their own only.
  'notifications.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'notifications.unreadCount': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'notifications.read': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ ids: [t.notificationId] }),
    outsider: 'own',
  },
  // Rate cards hold what members cost: those who set billing rates only (issue 22).
  'rates.list': { access: MANAGERS, type: 'query', outsider: 'own' },
  'rates.create': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({
      userId: t.collaboratorUserId,
      billableRate: 90,
      costRate: 40,
      effectiveFrom: '2026-03-01',
    }),
    outsider: 'not_found',
  },
  'rates.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.rateId, billableRate: 160 }),
    outsider: 'not_found',
  },
  'rates.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.rateId }),
    outsider: 'not_found',
  },
  'rates.repricePreview': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ from: '2026-01-01', projectId: t.projectId }),
    outsider: 'not_found',
  },
  'rates.reprice': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ from: '2026-01-01', projectId: t.projectId }),
    outsider: 'not_found',
  },
  'invoices.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'invoices.create': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ clientId: t.clientId, projectId: t.projectId, timeEntryIds: [t.timeEntryId] }),
    outsider: 'not_found',
  },
  'invoices.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId, status: 'sent' }),
    outsider: 'not_found',
  },
  'invoices.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  'invoices.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  'invoices.pdf': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  'invoices.paymentQr': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  // The target's invoice is a draft: it has no e-invoice yet (409); its check answers.
  'einvoices.download': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.invoiceId, format: 'ubl' }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'einvoices.validate': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  'invoices.issue': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  // The target's invoice is a draft: voiding it and paying it are refused with 409.
  'invoices.void': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId, reason: 'Matrix' }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'invoices.addPayment': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId, amount: '1', date: '2026-11-20' }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'invoices.deletePayment': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId, paymentId: 999999 }),
    allowedStatus: 404,
    outsider: 'not_found',
  },
  // Every member reads the payments, as they read the invoices (filtered on the target's
  // client, an outsider gets an empty list of their own workspace).
  'payments.list': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ clientId: t.clientId }),
    outsider: 'own',
  },
  'payments.export': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'recurringInvoices.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'recurringInvoices.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.recurringInvoiceId }),
    outsider: 'not_found',
  },
  'recurringInvoices.create': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({
      clientId: t.clientId,
      lines: [{ description: 'Retainer', quantity: '1', unitPrice: '100' }],
      frequency: 'monthly',
      startDate: '2099-02-01',
    }),
    outsider: 'not_found',
  },
  'recurringInvoices.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.recurringInvoiceId, status: 'paused' }),
    outsider: 'not_found',
  },
  'recurringInvoices.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.recurringInvoiceId }),
    outsider: 'not_found',
  },
  // Sending issues the target's draft and queues its email.
  // Credit notes: everyone reads them; those who bill credit invoices and send them. The
  // target's invoice is a draft: crediting it, or asking what is creditable, is refused (409).
  'creditNotes.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'creditNotes.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.creditNoteId }),
    outsider: 'not_found',
  },
  'creditNotes.pdf': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.creditNoteId }),
    outsider: 'not_found',
  },
  // The target's credit note has parties without a country: its e-invoice is refused (422).
  'einvoices.creditNoteDownload': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.creditNoteId, format: 'ubl' }),
    allowedStatus: 422,
    outsider: 'not_found',
  },
  'creditNotes.creditable': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.invoiceId }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'creditNotes.create': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId, reason: 'Matrix' }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'creditNotes.send': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.creditNoteId }),
    outsider: 'not_found',
  },
  'creditNotes.emailPreview': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.creditNoteId }),
    outsider: 'not_found',
  },
  'creditNotes.emails': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.creditNoteId }),
    outsider: 'not_found',
  },
  'invoiceEmails.send': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  'invoiceEmails.preview': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  'invoiceEmails.list': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  'invoiceEmails.reminders': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.invoiceId }),
    outsider: 'not_found',
  },
  'invoiceEmails.templates': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'invoiceEmails.updateTemplates': {
    access: ['owner', 'partner', 'administrator'],
    type: 'mutation',
    input: () => ({ invoiceSubject: 'Matrix {number}' }),
    outsider: 'own',
  },
  'invoiceEmails.schedule': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'invoiceEmails.updateSchedule': {
    access: ['owner', 'partner', 'administrator'],
    type: 'mutation',
    input: () => ({ enabled: true, offsets: [0, 7] }),
    outsider: 'own',
  },
  // Proposals: every role writes and edits them while undecided (the target's is a draft);
  // only those who bill record a decision, through accept or decline (a status change to
  // accepted or rejected is refused with 400), and a decided proposal is read-only for
  // every role (409): src/server/domains/proposals/proposals.test.ts.
  'proposals.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'proposals.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({
      title: 'Matrix Proposal',
      clientName: 'Someone',
      description: 'Work',
      amount: '100',
    }),
    outsider: 'own',
  },
  'proposals.update': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.proposalId, status: 'sent' }),
    outsider: 'not_found',
  },
  'proposals.delete': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.proposalId }),
    outsider: 'not_found',
  },
  // The target's proposal is a draft: recording a decision or follow-ups is refused with 409.
  'proposals.accept': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.proposalId, name: 'Matrix' }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'proposals.decline': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.proposalId }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'proposals.followUps': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.proposalId, createProject: true }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  // Contract templates: every member reads them; those who bill write them.
  'contractTemplates.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'contractTemplates.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.contractTemplateId }),
    outsider: 'not_found',
  },
  'contractTemplates.create': {
    access: MANAGERS,
    type: 'mutation',
    input: () => ({ name: 'Matrix Template', body: 'For {{client.name}}' }),
    outsider: 'own',
  },
  'contractTemplates.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.contractTemplateId, name: 'Matrix Template' }),
    outsider: 'not_found',
  },
  'contractTemplates.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.contractTemplateId }),
    outsider: 'not_found',
  },
  // Contracts: every member reads them and their audit trail; those who bill draft, send,
  // revise and void them; the owner and administrators countersign. The target's contract
  // is a draft: revising, voiding and countersigning it are refused with 409
  // (src/server/domains/contracts/contracts.test.ts has the status machine).
  'contracts.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'contracts.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.contractId }),
    outsider: 'not_found',
  },
  'contracts.audit': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.contractId }),
    outsider: 'not_found',
  },
  'contracts.pdf': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.contractId }),
    outsider: 'not_found',
  },
  'contracts.create': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ clientId: t.clientId, title: 'Matrix Contract', body: 'Terms' }),
    outsider: 'not_found',
  },
  'contracts.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.contractId, title: 'Matrix Contract' }),
    outsider: 'not_found',
  },
  'contracts.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.contractId }),
    outsider: 'not_found',
  },
  'contracts.send': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.contractId }),
    outsider: 'not_found',
  },
  'contracts.revise': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.contractId }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'contracts.void': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.contractId, reason: 'Matrix' }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'contracts.countersign': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.contractId, name: 'Matrix', signature: { typed: 'Matrix' } }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  // Estimates: the target's is a draft, so it is edited, sent and deleted, but not decided
  // or converted (409).
  'estimates.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'estimates.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.estimateId }),
    outsider: 'not_found',
  },
  'estimates.pdf': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.estimateId }),
    outsider: 'not_found',
  },
  'estimates.emails': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.estimateId }),
    outsider: 'not_found',
  },
  'estimates.emailPreview': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.estimateId }),
    outsider: 'not_found',
  },
  'estimates.create': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ clientId: t.clientId }),
    outsider: 'not_found',
  },
  'estimates.update': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.estimateId, notes: 'Matrix' }),
    outsider: 'not_found',
  },
  'estimates.send': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.estimateId }),
    outsider: 'not_found',
  },
  'estimates.delete': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.estimateId }),
    outsider: 'not_found',
  },
  'estimates.accept': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.estimateId, name: 'Matrix' }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'estimates.decline': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.estimateId }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  'estimates.convert': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.estimateId }),
    allowedStatus: 409,
    outsider: 'not_found',
  },
  // Scheduling (issue 44): every member offers their own times; a type or booking of
  // another member is changed by owners, administrators and partners only. The public page,
  // manage link and feed take their token or slug as the only credential.
  'bookingTypes.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'bookingTypes.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.bookingTypeId }),
    outsider: 'not_found',
  },
  'bookingTypes.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ name: 'Matrix call', durationMinutes: 30 }),
    outsider: 'own',
  },
  'bookingTypes.update': {
    access: SCHEDULE_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bookingTypeId, durationMinutes: 45 }),
    outsider: 'not_found',
  },
  'bookingTypes.delete': {
    access: SCHEDULE_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bookingTypeId }),
    outsider: 'not_found',
  },
  'scheduling.availability': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'scheduling.saveAvailability': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({
      timezone: 'Europe/Berlin',
      weekly: { mon: [{ start: '09:00', end: '17:00' }] },
    }),
    outsider: 'own',
  },
  'scheduling.bookings': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'scheduling.cancelBooking': {
    access: SCHEDULE_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bookingId }),
    outsider: 'not_found',
  },
  // The owner has no availability in the target: the new start is no slot (400).
  'scheduling.rescheduleBooking': {
    access: SCHEDULE_MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.bookingId, start: '2027-03-02T10:00:00Z' }),
    allowedStatus: 400,
    outsider: 'not_found',
  },
  'scheduling.feedStatus': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'scheduling.createFeed': { access: ALL_ROLES, type: 'mutation', outsider: 'own' },
  'scheduling.deleteFeed': { access: ALL_ROLES, type: 'mutation', outsider: 'own' },
  'scheduling.feed': {
    access: 'public',
    type: 'query',
    input: (t) => ({ token: `${t.workspaceId}.${TOKEN}` }),
    outsider: 'n/a',
  },
  'scheduling.publicSlots': {
    access: 'public',
    type: 'query',
    input: (t) => ({
      slug: `${t.workspaceId}-nothing-here`,
      from: '2027-03-01',
      to: '2027-03-01',
      timezone: 'UTC',
    }),
    outsider: 'n/a',
  },
  'scheduling.publicBook': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({
      slug: `${t.workspaceId}-nothing-here`,
      start: '2027-03-01T10:00:00Z',
      name: 'Matrix Visitor',
      email: 'matrix.visitor@example.com',
      timezone: 'UTC',
    }),
    outsider: 'n/a',
  },
  'scheduling.publicBooking': {
    access: 'public',
    type: 'query',
    input: (t) => ({ token: `${t.workspaceId}.${TOKEN}` }),
    outsider: 'n/a',
  },
  'scheduling.publicCancel': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({ token: `${t.workspaceId}.${TOKEN}` }),
    outsider: 'n/a',
  },
  'scheduling.publicReschedule': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({ token: `${t.workspaceId}.${TOKEN}`, start: '2027-03-01T10:00:00Z' }),
    outsider: 'n/a',
  },
  // The client portal: links are made by those who issue invoices; the portal itself takes
  // its token as the only credential (an unknown one answers 404 to everyone).
  'portal.clients': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'portal.linkState': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.clientId }),
    outsider: 'not_found',
  },
  'portal.createLink': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.clientId }),
    outsider: 'not_found',
  },
  'portal.revokeLinks': {
    access: MANAGERS,
    type: 'mutation',
    input: (t) => ({ id: t.clientId }),
    outsider: 'not_found',
  },
  // Online payment (issue 42): Stripe's keys are for owners and administrators.
  'paymentsOnline.settings': { access: TEAM_MANAGERS, type: 'query', outsider: 'own' },
  'paymentsOnline.updateSettings': {
    access: TEAM_MANAGERS,
    type: 'mutation',
    input: () => ({ publishableKey: 'pk_test_matrix' }),
    outsider: 'own',
  },
  'paymentsOnline.testConnection': { access: TEAM_MANAGERS, type: 'mutation', outsider: 'own' },
  'paymentsOnline.events': { access: TEAM_MANAGERS, type: 'query', outsider: 'own' },
  'portal.checkout': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({ token: TOKEN, id: t.invoiceId }),
    outsider: 'n/a',
  },
  'portal.view': {
    access: 'public',
    type: 'query',
    input: (_t) => ({ token: TOKEN }),
    outsider: 'n/a',
  },
  'portal.invoice': {
    access: 'public',
    type: 'query',
    input: (t) => ({ token: TOKEN, id: t.invoiceId }),
    outsider: 'n/a',
  },
  'portal.invoicePdf': {
    access: 'public',
    type: 'query',
    input: (t) => ({ token: TOKEN, id: t.invoiceId }),
    outsider: 'n/a',
  },
  'portal.creditNotePdf': {
    access: 'public',
    type: 'query',
    input: (_t) => ({ token: TOKEN, id: 1 }),
    outsider: 'n/a',
  },
  'portal.invoiceEinvoice': {
    access: 'public',
    type: 'query',
    input: (t) => ({ token: TOKEN, id: t.invoiceId, format: 'ubl' }),
    outsider: 'n/a',
  },
  'portal.creditNoteEinvoice': {
    access: 'public',
    type: 'query',
    input: (_t) => ({ token: TOKEN, id: 1, format: 'ubl' }),
    outsider: 'n/a',
  },
  'portal.estimatePdf': {
    access: 'public',
    type: 'query',
    input: (_t) => ({ token: TOKEN, id: 1 }),
    outsider: 'n/a',
  },
  'portal.acceptEstimate': {
    access: 'public',
    type: 'mutation',
    input: (_t) => ({ token: TOKEN, id: 1, name: 'Matrix' }),
    outsider: 'n/a',
  },
  'portal.declineEstimate': {
    access: 'public',
    type: 'mutation',
    input: (_t) => ({ token: TOKEN, id: 1, name: 'Matrix' }),
    outsider: 'n/a',
  },
  'portal.viewProposal': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({ token: TOKEN, id: t.proposalId }),
    outsider: 'n/a',
  },
  'portal.acceptProposal': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({ token: TOKEN, id: t.proposalId, name: 'Matrix' }),
    outsider: 'n/a',
  },
  'portal.declineProposal': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({ token: TOKEN, id: t.proposalId, name: 'Matrix' }),
    outsider: 'n/a',
  },
  'portal.contractPdf': {
    access: 'public',
    type: 'query',
    input: (t) => ({ token: TOKEN, id: t.contractId }),
    outsider: 'n/a',
  },
  'portal.contract': {
    access: 'public',
    type: 'query',
    input: (t) => ({ token: TOKEN, id: t.contractId }),
    outsider: 'n/a',
  },
  'portal.signContract': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({
      token: TOKEN,
      id: t.contractId,
      name: 'Matrix',
      signature: { typed: 'Matrix' },
      consent: true,
    }),
    outsider: 'n/a',
  },
  'portal.declineContract': {
    access: 'public',
    type: 'mutation',
    input: (t) => ({ token: TOKEN, id: t.contractId, reason: 'Matrix' }),
    outsider: 'n/a',
  },
  'portal.logo': {
    access: 'public',
    type: 'query',
    input: (_t) => ({ token: TOKEN }),
    outsider: 'n/a',
  },
  // Lead forms (issue 44): every member works the pipeline and its contacts, so every member
  // manages forms; the public side takes the form's address as its only key.
  'forms.list': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'forms.get': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.formId }),
    outsider: 'not_found',
  },
  'forms.create': {
    access: ALL_ROLES,
    type: 'mutation',
    input: () => ({ name: 'Matrix form', fields: [] }),
    outsider: 'own',
  },
  'forms.update': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.formId, name: 'Matrix renamed' }),
    outsider: 'not_found',
  },
  'forms.delete': {
    access: ALL_ROLES,
    type: 'mutation',
    input: (t) => ({ id: t.formId }),
    outsider: 'not_found',
  },
  'forms.submissions': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.formId }),
    outsider: 'not_found',
  },
  'forms.contactSubmissions': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ personId: t.personId }),
    outsider: 'not_found',
  },
  'forms.exportSubmissions': {
    access: ALL_ROLES,
    type: 'query',
    input: (t) => ({ id: t.formId }),
    outsider: 'not_found',
  },
  'forms.publicForm': {
    access: 'public',
    type: 'query',
    input: () => ({ slug: '1-no-such-form' }),
    outsider: 'n/a',
  },
  'forms.submit': {
    access: 'public',
    type: 'mutation',
    input: () => ({ slug: '1-no-such-form', answers: {} }),
    outsider: 'n/a',
  },
  'dashboard.stats': { access: ALL_ROLES, type: 'query', outsider: 'own' },
  'dashboard.financialOverview': { access: ALL_ROLES, type: 'query', outsider: 'own' },

  'admin.dashboard': { access: 'admin', type: 'query', outsider: 'n/a' },
  'admin.jobs': { access: 'admin', type: 'query', outsider: 'n/a' },
  'admin.retryJob': {
    access: 'admin',
    type: 'mutation',
    input: (t) => ({ id: t.failedJobId, queue: 'housekeeping' }),
    outsider: 'n/a',
  },
  'admin.users': { access: 'admin', type: 'query', outsider: 'n/a' },
  'admin.createUser': {
    access: 'admin',
    type: 'mutation',
    input: () => ({ fullName: 'Made By Admin', email: `made-${Date.now()}@example.com` }),
    outsider: 'n/a',
  },
  'admin.updateUser': {
    access: 'admin',
    type: 'mutation',
    input: (t) => ({
      id: t.collaboratorUserId,
      fullName: 'Renamed',
      email: `renamed-${Date.now()}@example.com`,
      isActive: true,
    }),
    outsider: 'n/a',
  },
  'admin.resetTwoFactor': {
    access: 'admin',
    type: 'mutation',
    input: (t) => ({ id: t.collaboratorUserId }),
    outsider: 'n/a',
  },
  'admin.setUserStatus': {
    access: 'admin',
    type: 'mutation',
    input: (t) => ({ id: t.collaboratorUserId, isActive: true }),
    outsider: 'n/a',
  },
  'admin.setMembership': {
    access: 'admin',
    type: 'mutation',
    input: (t) => ({
      id: t.collaboratorUserId,
      workspaceId: t.workspaceId,
      role: 'project_manager',
    }),
    outsider: 'n/a',
  },
  'admin.workspaces': { access: 'admin', type: 'query', outsider: 'n/a' },
  'admin.workspace': {
    access: 'admin',
    type: 'query',
    input: (t) => ({ id: t.workspaceId }),
    outsider: 'n/a',
  },
  'admin.workspaceUsers': {
    access: 'admin',
    type: 'query',
    input: (t) => ({ id: t.workspaceId }),
    outsider: 'n/a',
  },
  'admin.setWorkspaceStatus': {
    access: 'admin',
    type: 'mutation',
    input: (t) => ({ id: t.workspaceId, isActive: false }),
    outsider: 'n/a',
  },
  'admin.invitations': { access: 'admin', type: 'query', outsider: 'n/a' },
  'admin.resendInvitation': {
    access: 'admin',
    type: 'mutation',
    input: (t) => ({ id: t.invitationId }),
    outsider: 'n/a',
  },
  'admin.cancelInvitation': {
    access: 'admin',
    type: 'mutation',
    input: (t) => ({ id: t.invitationId }),
    outsider: 'n/a',
  },
  'admin.logs': {
    access: 'admin',
    type: 'query',
    input: () => ({ success: false, limit: 5 }),
    outsider: 'n/a',
  },
  'admin.exportLogs': { access: 'admin', type: 'query', outsider: 'n/a' },

  'workspaces.reactivate': {
    access: ['owner'],
    type: 'mutation',
    input: (t) => ({ id: t.workspaceId }),
    prepare: 'deleteTarget',
    denied: 404,
    outsider: 'not_found',
  },
};
