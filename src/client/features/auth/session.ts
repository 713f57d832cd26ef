import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/** The signed-in user, or undefined while loading or when signed out. */
export function useMe() {
  return trpc.auth.me.useQuery(undefined, { retry: false });
}

/** The current workspace; an error (NOT_FOUND) means none is selected. */
export function useCurrentWorkspace() {
  return trpc.workspaces.current.useQuery(undefined, { retry: false });
}

/**
 * Reloads the current user and workspace after sign-in, sign-up, creation or a switch.
 * The fresh values are written into the cache directly rather than invalidated, so the
 * routing gate never passes through a "loading" state and the page on screen stays put
 * until the caller navigates.
 */
export function useRefreshSession() {
  const utils = trpc.useUtils();
  return useCallback(async () => {
    const [me, current] = await Promise.all([
      utils.client.auth.me.query().catch(() => null),
      utils.client.workspaces.current.query().catch(() => null),
    ]);
    await utils.workspaces.listMine.invalidate();
    if (me) utils.auth.me.setData(undefined, me);
    else await utils.auth.me.invalidate();
    if (current) utils.workspaces.current.setData(undefined, current);
    else await utils.workspaces.current.invalidate();
  }, [utils]);
}

const ME_KEY = JSON.stringify(getQueryKey(trpc.auth.me)[0]);

/**
 * Signs out, forgets every cached answer and shows the login screen: at `/` for the
 * app's Log Out, or (`landOn` 'login', the admin console's Logout, SPEC §7) at /login.
 */
export function useLogout(landOn: 'home' | 'login' = 'home') {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { mutateAsync: logout, isPending } = trpc.auth.logout.useMutation({
    meta: { error: ['Logout failed', 'Please try again'] },
  });
  const run = useCallback(async () => {
    if ((await succeeded(logout())) === undefined) return;
    if (landOn === 'home') await navigate({ to: '/' });
    // Only `me` is asked again: its 401 shows the login screen, which unmounts the
    // signed-in pages (or the console). Everything else is dropped rather than refetched:
    // a query still on screen would cache a 401, and errors are not retried on mount, so
    // the next sign-in in this tab would find it broken (e.g. the workspace list of the
    // selector).
    await utils.auth.me.reset();
    queryClient.removeQueries({
      predicate: (query) => JSON.stringify(query.queryKey[0]) !== ME_KEY,
    });
    // The routing gate sends a signed-in visitor of /login back to /, so /login is only
    // reached once `me` has answered 401.
    if (landOn === 'login') await navigate({ to: '/login', replace: true });
  }, [landOn, logout, navigate, queryClient, utils]);
  return { logout: run, isPending };
}
