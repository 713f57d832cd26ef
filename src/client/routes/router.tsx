import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { FullScreenLoader, PageLoader } from '../components/full-screen-loader.tsx';
import { NotFoundPage } from '../components/not-found.page.tsx';
import { LoginPage } from '../features/auth/login.page.tsx';
import { RootGate } from './root-gate.tsx';

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
});

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  component: lazyRouteComponent(() => import('../features/auth/signup.page.tsx'), 'SignupPage'),
  pendingComponent: FullScreenLoader,
});

const onboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/onboarding/workspace',
  component: lazyRouteComponent(
    () => import('../features/workspaces/onboarding-workspace.page.tsx'),
    'OnboardingWorkspacePage',
  ),
  pendingComponent: FullScreenLoader,
});

const workspaceSelectorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/workspace-selector',
  component: lazyRouteComponent(
    () => import('../features/workspaces/workspace-selector.page.tsx'),
    'WorkspaceSelectorPage',
  ),
  pendingComponent: FullScreenLoader,
});

const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  component: lazyRouteComponent(
    () => import('../features/team/accept-invitation.page.tsx'),
    'AcceptInvitationPage',
  ),
  pendingComponent: FullScreenLoader,
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('../features/admin/admin.layout.tsx'), 'AdminLayout'),
  pendingComponent: FullScreenLoader,
});

const adminChildRoutes = ['/', 'users', 'workspaces', 'workspaces/$id', 'invitations', 'logs'].map(
  (path) => createRoute({ getParentRoute: () => adminRoute, path }),
);

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

const dashboardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../features/dashboard/dashboard.page.tsx'),
    'DashboardPage',
  ),
  pendingComponent: PageLoader,
});

const accountRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/account',
  component: lazyRouteComponent(
    () => import('../features/account/account.page.tsx'),
    'AccountPage',
  ),
  pendingComponent: PageLoader,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  signupRoute,
  onboardingRoute,
  workspaceSelectorRoute,
  inviteRoute,
  adminRoute.addChildren(adminChildRoutes),
  shellRoute.addChildren([dashboardRoute, accountRoute]),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
