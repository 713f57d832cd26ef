import { accountRouter } from '../domains/account/account.router.ts';
import { adminRouter } from '../domains/admin/admin.router.ts';
import { notificationsRouter } from '../domains/notifications/notifications.router.ts';
import { authRouter } from '../domains/auth/auth.router.ts';
import { businessRouter } from '../domains/business/business.router.ts';
import { clientsRouter } from '../domains/clients/clients.router.ts';
import { contractTemplatesRouter, contractsRouter } from '../domains/contracts/contracts.router.ts';
import { dashboardRouter } from '../domains/dashboard/dashboard.router.ts';
import { estimatesRouter } from '../domains/estimates/estimates.router.ts';
import { bankingRouter } from '../domains/banking/banking.router.ts';
import { formsRouter } from '../domains/forms/forms.router.ts';
import { expenseCategoriesRouter, expensesRouter } from '../domains/expenses/expenses.router.ts';
import { invoiceEmailsRouter } from '../domains/invoice-email/invoice-email.router.ts';
import { einvoicesRouter } from '../domains/einvoices/einvoices.router.ts';
import { creditNotesRouter } from '../domains/credit-notes/credit-notes.router.ts';
import { invoicesRouter } from '../domains/invoices/invoices.router.ts';
import { paymentsRouter } from '../domains/payments/payments.router.ts';
import { paymentsOnlineRouter } from '../domains/payments-online/payments-online.router.ts';
import { projectsRouter } from '../domains/projects/projects.router.ts';
import { taskStatusesRouter, tasksRouter } from '../domains/tasks/tasks.router.ts';
import { resourcingRouter } from '../domains/resourcing/resourcing.router.ts';
import { bookingTypesRouter, schedulingRouter } from '../domains/scheduling/scheduling.router.ts';
import { reportsRouter } from '../domains/reports/reports.router.ts';
import { portalRouter } from '../domains/portal/portal.router.ts';
import { proposalsRouter } from '../domains/proposals/proposals.router.ts';
import { ratesRouter } from '../domains/rates/rates.router.ts';
import { servicesRouter } from '../domains/services/services.router.ts';
import { timesheetsRouter } from '../domains/timesheets/timesheets.router.ts';
import { recurringInvoicesRouter } from '../domains/recurring-invoices/recurring-invoices.router.ts';
import { timeRouter, timerRouter } from '../domains/time/time.router.ts';
import { contactsRouter, tagsRouter } from '../domains/contacts/contacts.router.ts';
import { leadsRouter, stagesRouter } from '../domains/pipeline/pipeline.router.ts';
import { organizationsRouter } from '../domains/organizations/organizations.router.ts';
import { invitationsRouter, teamRouter } from '../domains/team/team.router.ts';
import { workspacesRouter } from '../domains/workspaces/workspaces.router.ts';
import { createCallerFactory, router } from './init.ts';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  workspaces: workspacesRouter,
  team: teamRouter,
  invitations: invitationsRouter,
  contacts: contactsRouter,
  tags: tagsRouter,
  organizations: organizationsRouter,
  stages: stagesRouter,
  leads: leadsRouter,
  business: businessRouter,
  clients: clientsRouter,
  projects: projectsRouter,
  tasks: tasksRouter,
  taskStatuses: taskStatusesRouter,
  time: timeRouter,
  timer: timerRouter,
  rates: ratesRouter,
  timesheets: timesheetsRouter,
  invoices: invoicesRouter,
  einvoices: einvoicesRouter,
  expenses: expensesRouter,
  expenseCategories: expenseCategoriesRouter,
  banking: bankingRouter,
  forms: formsRouter,
  services: servicesRouter,
  recurringInvoices: recurringInvoicesRouter,
  invoiceEmails: invoiceEmailsRouter,
  creditNotes: creditNotesRouter,
  payments: paymentsRouter,
  paymentsOnline: paymentsOnlineRouter,
  estimates: estimatesRouter,
  proposals: proposalsRouter,
  contractTemplates: contractTemplatesRouter,
  contracts: contractsRouter,
  portal: portalRouter,
  bookingTypes: bookingTypesRouter,
  scheduling: schedulingRouter,
  dashboard: dashboardRouter,
  resourcing: resourcingRouter,
  reports: reportsRouter,
  notifications: notificationsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
