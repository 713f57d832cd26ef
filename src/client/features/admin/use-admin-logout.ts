import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

const ME_KEY = JSON.stringify(getQueryKey(trpc.auth.me)[0]);

/**
 * The console's Logout (SPEC §7): signs out, then shows /login. Unlike the sidebar's
 * Log Out (which lands on /), the current user is reloaded *before* navigating: the
 * routing gate sends a signed-in visitor of /login back to /, so /login must only be
 * reached once `me` has answered 401.
 */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { mutateAsync: logout, isPending } = trpc.auth.logout.useMutation({
    meta: { error: ['Logout failed', 'Please try again'] },
  });
  const run = useCallback(async () => {
    if ((await succeeded(logout())) === undefined) return;
    // Reloading `me` first unmounts the console (the gate shows its spinner, then the
    // login screen), so none of its queries is refetched with the session gone. The rest
    // is dropped, not refetched: a cached 401 would greet the next sign-in in this tab
    // (errors are not retried on mount).
    await utils.auth.me.reset();
    queryClient.removeQueries({
      predicate: (query) => JSON.stringify(query.queryKey[0]) !== ME_KEY,
    });
    await navigate({ to: '/login', replace: true });
  }, [logout, navigate, queryClient, utils]);
  return { logout: run, isPending };
}
