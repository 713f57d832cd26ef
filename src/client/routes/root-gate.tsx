import { Navigate, Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { DisplayPreferencesScope } from '../components/display-preferences.tsx';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { LoginPage } from '../features/auth/login.page.tsx';
import { useCurrentWorkspace, useMe } from '../features/auth/session.ts';
import { revokedWorkspaceOf, trpc } from '../trpc.ts';

// Loaded only when shown, so the sign-in screen's bundle does not carry it.
const AccessRevokedScreen = lazy(() => import('../features/workspaces/access-revoked.screen.tsx'));

/**
 * Who may open a route, declared by the route itself (`staticData: { access }` in
 * router.tsx; the nearest declaration up the tree applies):
 * - 'guest': signed-out visitors only (/login; a signed-in user goes to /);
 * - 'public': anyone, signed in or not (/signup, /invite/:token, /onboarding/workspace);
 * - 'signed-in': a signed-in user, with or without a current workspace (/account,
 *   /workspace-selector, the admin console, which also checks the platform role);
 * - 'workspace', the default: a signed-in user with a current workspace.
 */
export type RouteAccess = 'guest' | 'public' | 'signed-in' | 'workspace';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    access?: RouteAccess;
  }
}

/** Signed in without a current workspace: create the first one, or choose one. */
function WorkspaceFallback() {
  const mine = trpc.workspaces.listMine.useQuery();
  if (mine.isPending) return <FullScreenLoader />;
  if (mine.isSuccess && mine.data.length === 0) {
    return <Navigate to="/onboarding/workspace" replace />;
  }
  return <Navigate to="/workspace-selector" replace />;
}

/**
 * Routing by authentication state (SPEC §2), from the access the matched route declares.
 * `auth.me` and `workspaces.current` load in parallel; until `me` answers the whole
 * screen is a spinner. Then a signed-out visitor gets the login screen in place of any
 * route that is not theirs (an unknown path too); a signed-in user without a workspace is
 * sent to create or choose one from any route that needs it. The gate is a component, not
 * a `beforeLoad`, so that it follows `me` live: a session that ends on the server (timeout,
 * sign-out elsewhere) shows the login screen at once, without a navigation.
 */
export function RootGate() {
  const me = useMe();
  // Around every branch, so that signing in (on /invite, say) keeps the page mounted.
  return (
    <DisplayPreferencesScope userId={me.data?.id} preferences={me.data?.preferences}>
      <RoutedByAccess />
    </DisplayPreferencesScope>
  );
}

function RoutedByAccess() {
  const access = useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData.access)?.staticData.access ?? 'workspace',
  });
  const me = useMe();
  const current = useCurrentWorkspace();

  if (me.isPending) return <FullScreenLoader />;
  if (me.status !== 'success') {
    return access === 'public' || access === 'guest' ? <Outlet /> : <LoginPage />;
  }
  if (access === 'guest') return <Navigate to="/" replace />;
  if (current.isPending) return <FullScreenLoader />;
  const revoked = revokedWorkspaceOf(current.error);
  if (revoked && access === 'workspace') {
    return (
      <Suspense fallback={<FullScreenLoader />}>
        <AccessRevokedScreen workspace={revoked} />
      </Suspense>
    );
  }
  if (current.status !== 'success' && access === 'workspace') return <WorkspaceFallback />;
  return <Outlet />;
}
