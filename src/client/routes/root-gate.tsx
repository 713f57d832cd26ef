import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { LoginPage } from '../features/auth/login.page.tsx';
import { useCurrentWorkspace, useMe } from '../features/auth/session.ts';
import { trpc } from '../trpc.ts';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Paths a signed-out visitor can open; every other path shows the login screen. */
function openWhenSignedOut(path: string): boolean {
  return path === '/signup' || path === '/onboarding/workspace' || path.startsWith('/invite/');
}

/** Paths a signed-in user without a current workspace can open. */
function openWithoutWorkspace(path: string): boolean {
  return (
    path === '/onboarding/workspace' ||
    path === '/workspace-selector' ||
    path === '/account' ||
    path === '/signup' ||
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path.startsWith('/invite/')
  );
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
 * Routing by authentication state (SPEC §2). `auth.me` and `workspaces.current` load in
 * parallel; until `me` answers the whole screen is a spinner. Then:
 * - signed out: /signup, /onboarding/workspace and /invite/:token render their routes;
 *   /login and every other path show the login screen in place;
 * - signed in, no current workspace: the paths above render; anything else redirects
 *   to /onboarding/workspace (no workspaces yet) or /workspace-selector;
 * - signed in with a workspace: every route renders (unknown ones as the 404 page in the
 *   shell); /login goes to /.
 */
export function RootGate() {
  const path = normalise(useRouterState({ select: (s) => s.location.pathname }));
  const me = useMe();
  const current = useCurrentWorkspace();

  if (me.isPending) return <FullScreenLoader />;
  if (me.status !== 'success') {
    return openWhenSignedOut(path) ? <Outlet /> : <LoginPage />;
  }
  if (path === '/login') return <Navigate to="/" replace />;
  if (current.isPending) return <FullScreenLoader />;
  if (current.status !== 'success' && !openWithoutWorkspace(path)) return <WorkspaceFallback />;
  return <Outlet />;
}
