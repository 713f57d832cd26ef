import { accountRestRoutes } from './domains/account/account.rest.ts';
import { adminRestRoutes } from './domains/admin/admin.rest.ts';
import { notificationsRestRoutes } from './domains/notifications/notifications.rest.ts';
import { authRestRoutes } from './domains/auth/auth.rest.ts';
import { businessRestRoutes } from './domains/business/business.rest.ts';
import { clientsRestRoutes } from './domains/clients/clients.rest.ts';
import { dashboardRestRoutes } from './domains/dashboard/dashboard.rest.ts';
import { estimatesRestRoutes } from './domains/estimates/estimates.rest.ts';
import { bankingRestRoutes } from './domains/banking/banking.rest.ts';
import { formsRestRoutes } from './domains/forms/forms.rest.ts';
import { expensesRestRoutes } from './domains/expenses/expenses.rest.ts';
import { invoiceEmailRestRoutes } from './domains/invoice-email/invoice-email.rest.ts';
import { einvoicesRestRoutes } from './domains/einvoices/einvoices.rest.ts';
import { creditNotesRestRoutes } from './domains/credit-notes/credit-notes.rest.ts';
import { invoicesRestRoutes } from './domains/invoices/invoices.rest.ts';
import { paymentsRestRoutes } from './domains/payments/payments.rest.ts';
import { paymentsOnlineRestRoutes } from './domains/payments-online/payments-online.rest.ts';
import { projectsRestRoutes } from './domains/projects/projects.rest.ts';
import { tasksRestRoutes } from './domains/tasks/tasks.rest.ts';
import { resourcingRestRoutes } from './domains/resourcing/resourcing.rest.ts';
import { reportsRestRoutes } from './domains/reports/reports.rest.ts';
import { portalRestRoutes } from './domains/portal/portal.rest.ts';
import { proposalsRestRoutes } from './domains/proposals/proposals.rest.ts';
import {
  contractTemplatesRestRoutes,
  contractsRestRoutes,
} from './domains/contracts/contracts.rest.ts';
import { schedulingRestRoutes } from './domains/scheduling/scheduling.rest.ts';
import { ratesRestRoutes } from './domains/rates/rates.rest.ts';
import { servicesRestRoutes } from './domains/services/services.rest.ts';
import { timesheetsRestRoutes } from './domains/timesheets/timesheets.rest.ts';
import { recurringInvoicesRestRoutes } from './domains/recurring-invoices/recurring-invoices.rest.ts';
import { timeRestRoutes } from './domains/time/time.rest.ts';
import { contactsRestRoutes } from './domains/contacts/contacts.rest.ts';
import { pipelineRestRoutes } from './domains/pipeline/pipeline.rest.ts';
import { organizationsRestRoutes } from './domains/organizations/organizations.rest.ts';
import { teamRestRoutes } from './domains/team/team.rest.ts';
import { workspacesRestRoutes } from './domains/workspaces/workspaces.rest.ts';

/** Every documented `/api/*` path that maps onto a procedure, domain by domain. */
export const restRoutes = [
  ...authRestRoutes,
  ...accountRestRoutes,
  ...workspacesRestRoutes,
  ...teamRestRoutes,
  ...contactsRestRoutes,
  ...organizationsRestRoutes,
  ...pipelineRestRoutes,
  ...businessRestRoutes,
  ...clientsRestRoutes,
  ...projectsRestRoutes,
  ...tasksRestRoutes,
  ...timeRestRoutes,
  ...ratesRestRoutes,
  ...timesheetsRestRoutes,
  ...invoicesRestRoutes,
  ...einvoicesRestRoutes,
  ...expensesRestRoutes,
  ...bankingRestRoutes,
  ...formsRestRoutes,
  ...servicesRestRoutes,
  ...recurringInvoicesRestRoutes,
  ...invoiceEmailRestRoutes,
  ...creditNotesRestRoutes,
  ...paymentsRestRoutes,
  ...paymentsOnlineRestRoutes,
  ...estimatesRestRoutes,
  ...proposalsRestRoutes,
  ...contractTemplatesRestRoutes,
  ...contractsRestRoutes,
  ...portalRestRoutes,
  ...schedulingRestRoutes,
  ...dashboardRestRoutes,
  ...resourcingRestRoutes,
  ...reportsRestRoutes,
  ...notificationsRestRoutes,
  ...adminRestRoutes,
];
