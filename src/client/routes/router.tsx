import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { FullScreenLoader, PageLoader } from '../components/full-screen-loader.tsx';
import { NotFoundPage } from '../components/not-found.page.tsx';
import {
  ContactsSearchSchema,
  ListSearchSchema,
  LogsSearchSchema,
} from '../components/list/use-list-search.ts';
import { RouteError } from '../components/route-error.tsx';
import { LoginPage } from '../features/auth/login.page.tsx';
import { validateOverviewSearch } from '../features/dashboard/overview-period.ts';
import { validateSchedulingSearch } from '../features/scheduling/scheduling-tabs.ts';
import { ContractsSearchSchema } from '../features/contracts/contracts-search.ts';
import { CreditNotesSearchSchema } from '../features/credit-notes/credit-notes-search.ts';
import { validateIncomeSearch } from '../features/income/income-search.ts';
import { validatePaymentsSearch } from '../features/payments/payments-search.ts';
import { validateProjectSearch } from '../features/projects/project-tabs.ts';
import { validateResourcingSearch } from '../features/resourcing/resourcing-search.ts';
import { validateTasksSearch } from '../features/tasks/tasks-search.ts';
import { validateReportsSearch } from '../features/reports/reports-search.ts';
import { RootGate, type RouteAccess } from './root-gate.tsx';

// Everything past the login screen is loaded on demand, so the first visit only
// downloads the gate and the login form.
const AppShellLayout = lazy(() => import('../components/app-shell/app-shell.layout.tsx'));

/** Unknown paths inside the app: the 404 page within the shell. */
function ShellNotFound() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <AppShellLayout>
        <NotFoundPage />
      </AppShellLayout>
    </Suspense>
  );
}

const rootRoute = createRootRoute({
  component: RootGate,
  notFoundComponent: ShellNotFound,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: LoginPage,
  staticData: { access: 'guest' },
});

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  staticData: { access: 'public' },
  component: lazyRouteComponent(() => import('../features/auth/signup.page.tsx'), 'SignupPage'),
  pendingComponent: FullScreenLoader,
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  staticData: { access: 'public' },
  component: lazyRouteComponent(
    () => import('../features/auth/forgot-password.page.tsx'),
    'ForgotPasswordPage',
  ),
  pendingComponent: FullScreenLoader,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password/$token',
  staticData: { access: 'public' },
  component: lazyRouteComponent(
    () => import('../features/auth/reset-password.page.tsx'),
    'ResetPasswordPage',
  ),
  pendingComponent: FullScreenLoader,
});

const onboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/onboarding/workspace',
  staticData: { access: 'public' },
  component: lazyRouteComponent(
    () => import('../features/workspaces/onboarding-workspace.page.tsx'),
    'OnboardingWorkspacePage',
  ),
  pendingComponent: FullScreenLoader,
});

const workspaceSelectorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/workspace-selector',
  staticData: { access: 'signed-in' },
  component: lazyRouteComponent(
    () => import('../features/workspaces/workspace-selector.page.tsx'),
    'WorkspaceSelectorPage',
  ),
  pendingComponent: FullScreenLoader,
});

const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  staticData: { access: 'public' },
  component: lazyRouteComponent(
    () => import('../features/team/accept-invitation.page.tsx'),
    'AcceptInvitationPage',
  ),
  pendingComponent: FullScreenLoader,
});

/** A client's portal, opened from its secret link: no account, no app shell. */
const portalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/portal/$token',
  staticData: { access: 'public' },
  component: lazyRouteComponent(() => import('../features/portal/portal.page.tsx'), 'PortalPage'),
  pendingComponent: FullScreenLoader,
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  // Any signed-in user reaches the console's layout, which sends non-admins to /.
  staticData: { access: 'signed-in' },
  component: lazyRouteComponent(() => import('../features/admin/admin.layout.tsx'), 'AdminLayout'),
  pendingComponent: FullScreenLoader,
});

/** An admin page, rendered in the console's layout and fetched on first visit. */
function adminSection<TPath extends string>(
  path: TPath,
  load: Parameters<typeof lazyRouteComponent>[0],
  exportName: string,
  validateSearch: typeof ListSearchSchema | typeof LogsSearchSchema = ListSearchSchema,
) {
  return createRoute({
    getParentRoute: () => adminRoute,
    path,
    // The console's lists keep their search, filters and page in the URL (the list kit).
    validateSearch,
    component: lazyRouteComponent(load, exportName),
    pendingComponent: PageLoader,
  });
}

const adminChildRoutes = [
  adminSection(
    '/',
    () => import('../features/admin/admin-dashboard.page.tsx'),
    'AdminDashboardPage',
  ),
  adminSection('users', () => import('../features/admin/admin-users.page.tsx'), 'AdminUsersPage'),
  adminSection(
    'workspaces',
    () => import('../features/admin/admin-workspaces.page.tsx'),
    'AdminWorkspacesPage',
  ),
  adminSection(
    'workspaces/$id',
    () => import('../features/admin/admin-workspace-detail.page.tsx'),
    'AdminWorkspaceDetailPage',
  ),
  adminSection(
    'invitations',
    () => import('../features/admin/admin-invitations.page.tsx'),
    'AdminInvitationsPage',
  ),
  adminSection(
    'logs',
    () => import('../features/admin/admin-logs.page.tsx'),
    'AdminLogsPage',
    LogsSearchSchema,
  ),
];

/** The signed-in frame (rail and top bar) around the workspace pages. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: lazyRouteComponent(
    () => import('../components/app-shell/app-shell.layout.tsx'),
    'AppShellLayout',
  ),
  pendingComponent: FullScreenLoader,
});

/**
 * A page inside the shell whose code is fetched when the route is first visited
 * (or hovered: `defaultPreload: 'intent'`).
 */
function shellPage<TPath extends string>(
  path: TPath,
  load: Parameters<typeof lazyRouteComponent>[0],
  exportName: string,
  access?: RouteAccess,
) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    staticData: { access },
    component: lazyRouteComponent(load, exportName),
    pendingComponent: PageLoader,
  });
}

/** `?q=…`: what a list page opens filtered by (the command palette links records so). */
export interface RecordSearch {
  q?: string;
}

function validateRecordSearch(search: Record<string, unknown>): RecordSearch {
  return typeof search.q === 'string' && search.q.trim() !== '' ? { q: search.q } : {};
}

/**
 * A list page whose search, filters, sort and page live in the URL (the list kit's
 * useListSearch), validated by its schema: a link or a reload shows the same page.
 */
function listPage<TPath extends string>(
  path: TPath,
  load: Parameters<typeof lazyRouteComponent>[0],
  exportName: string,
  validateSearch: typeof ListSearchSchema | typeof ContactsSearchSchema = ListSearchSchema,
) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    validateSearch,
    component: lazyRouteComponent(load, exportName),
    pendingComponent: PageLoader,
  });
}

/** The deals board, which the command palette opens filtered by `?q=`. */
function boardPage<TPath extends string>(
  path: TPath,
  load: Parameters<typeof lazyRouteComponent>[0],
  exportName: string,
) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    validateSearch: validateRecordSearch,
    component: lazyRouteComponent(load, exportName),
    pendingComponent: PageLoader,
  });
}

const shellPages = [
  shellPage('/', () => import('../features/dashboard/dashboard.page.tsx'), 'DashboardPage'),
  boardPage(
    '/opportunities',
    () => import('../features/pipeline/opportunities.page.tsx'),
    'OpportunitiesPage',
  ),
  listPage(
    '/contacts',
    () => import('../features/contacts/contacts.page.tsx'),
    'ContactsPage',
    ContactsSearchSchema,
  ),
  listPage(
    '/organizations',
    () => import('../features/organizations/organizations.page.tsx'),
    'OrganizationsPage',
  ),
  listPage('/projects', () => import('../features/projects/projects.page.tsx'), 'ProjectsPage'),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/projects/$projectId',
    validateSearch: validateProjectSearch,
    component: lazyRouteComponent(
      () => import('../features/projects/project.page.tsx'),
      'ProjectPage',
    ),
    pendingComponent: PageLoader,
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/tasks',
    validateSearch: validateTasksSearch,
    component: lazyRouteComponent(() => import('../features/tasks/tasks.page.tsx'), 'TasksPage'),
    pendingComponent: PageLoader,
  }),
  shellPage(
    '/time-tracking',
    () => import('../features/time/time-tracking.page.tsx'),
    'TimeTrackingPage',
  ),
  shellPage(
    '/timesheets',
    () => import('../features/timesheets/timesheets.page.tsx'),
    'TimesheetsPage',
  ),
  listPage('/invoices', () => import('../features/invoices/invoices.page.tsx'), 'InvoicesPage'),
  listPage('/expenses', () => import('../features/expenses/expenses.page.tsx'), 'ExpensesPage'),
  listPage('/services', () => import('../features/services/services.page.tsx'), 'ServicesPage'),
  listPage('/forms', () => import('../features/forms/forms.page.tsx'), 'FormsPage'),
  shellPage('/forms/$formId', () => import('../features/forms/form.page.tsx'), 'FormPage'),
  shellPage('/banking', () => import('../features/banking/banking.page.tsx'), 'BankingPage'),
  shellPage(
    '/invoices/$invoiceId',
    () => import('../features/invoices/invoice.page.tsx'),
    'InvoicePage',
  ),
  listPage(
    '/recurring-invoices',
    () => import('../features/recurring-invoices/recurring-invoices.page.tsx'),
    'RecurringInvoicesPage',
  ),
  shellPage(
    '/recurring-invoices/new',
    () => import('../features/recurring-invoices/recurring-invoice.page.tsx'),
    'RecurringInvoiceNewPage',
  ),
  shellPage(
    '/recurring-invoices/$recurringId',
    () => import('../features/recurring-invoices/recurring-invoice.page.tsx'),
    'RecurringInvoicePage',
  ),
  listPage('/clients', () => import('../features/clients/clients.page.tsx'), 'ClientsPage'),
  shellPage(
    '/clients/$clientId',
    () => import('../features/clients/client.page.tsx'),
    'ClientPage',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/financial-overview',
    validateSearch: validateOverviewSearch,
    component: lazyRouteComponent(
      () => import('../features/dashboard/financial-overview.page.tsx'),
      'FinancialOverviewPage',
    ),
    pendingComponent: PageLoader,
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/income',
    validateSearch: validateIncomeSearch,
    component: lazyRouteComponent(() => import('../features/income/income.page.tsx'), 'IncomePage'),
    pendingComponent: PageLoader,
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/payments',
    validateSearch: validatePaymentsSearch,
    component: lazyRouteComponent(
      () => import('../features/payments/payments.page.tsx'),
      'PaymentsPage',
    ),
    pendingComponent: PageLoader,
  }),
  listPage('/proposals', () => import('../features/proposals/proposals.page.tsx'), 'ProposalsPage'),
  listPage('/estimates', () => import('../features/estimates/estimates.page.tsx'), 'EstimatesPage'),
  shellPage(
    '/estimates/$estimateId',
    () => import('../features/estimates/estimate.page.tsx'),
    'EstimatePage',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/contracts',
    validateSearch: ContractsSearchSchema,
    component: lazyRouteComponent(
      () => import('../features/contracts/contracts.page.tsx'),
      'ContractsPage',
    ),
    pendingComponent: PageLoader,
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/credit-notes',
    validateSearch: CreditNotesSearchSchema,
    component: lazyRouteComponent(
      () => import('../features/credit-notes/credit-notes.page.tsx'),
      'CreditNotesPage',
    ),
    pendingComponent: PageLoader,
  }),
  shellPage(
    '/credit-notes/$creditNoteId',
    () => import('../features/credit-notes/credit-note.page.tsx'),
    'CreditNotePage',
  ),
  shellPage(
    '/contracts/$contractId',
    () => import('../features/contracts/contract.page.tsx'),
    'ContractPage',
  ),
  listPage(
    '/portal',
    () => import('../features/portal/client-portal.page.tsx'),
    'ClientPortalPage',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/scheduling',
    validateSearch: validateSchedulingSearch,
    component: lazyRouteComponent(
      () => import('../features/scheduling/scheduling.page.tsx'),
      'SchedulingPage',
    ),
    pendingComponent: PageLoader,
  }),
  shellPage('/rate-cards', () => import('../features/rates/rate-cards.page.tsx'), 'RateCardsPage'),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/resourcing',
    validateSearch: validateResourcingSearch,
    component: lazyRouteComponent(
      () => import('../features/resourcing/resourcing.page.tsx'),
      'ResourcingPage',
    ),
    pendingComponent: PageLoader,
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/reports',
    validateSearch: validateReportsSearch,
    component: lazyRouteComponent(
      () => import('../features/reports/reports.page.tsx'),
      'ReportsPage',
    ),
    pendingComponent: PageLoader,
  }),
  shellPage('/team', () => import('../features/team/team.page.tsx'), 'TeamPage'),
  shellPage(
    '/workspace/settings',
    () => import('../features/workspaces/workspace-settings.page.tsx'),
    'WorkspaceSettingsPage',
  ),
  shellPage(
    '/workspace/billing',
    () => import('../features/workspaces/workspace-billing.page.tsx'),
    'WorkspaceBillingPage',
  ),
  shellPage('/settings', () => import('../features/settings/settings.page.tsx'), 'SettingsPage'),
  // A user without a workspace manages their account too.
  shellPage(
    '/account',
    () => import('../features/account/account.page.tsx'),
    'AccountPage',
    'signed-in',
  ),
];

const routeTree = rootRoute.addChildren([
  loginRoute,
  signupRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  onboardingRoute,
  workspaceSelectorRoute,
  inviteRoute,
  portalRoute,
  adminRoute.addChildren(adminChildRoutes),
  shellRoute.addChildren(shellPages),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
