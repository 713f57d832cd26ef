import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { trpc } from '../../trpc.ts';
import { useRefreshSession } from '../auth/session.ts';

/** SPEC §9: the welcome stays on screen two seconds before the workspace opens. */
export const REDIRECT_DELAY_MS = 2000;

const KEPT_QUERIES = new Set(
  [trpc.auth.me, trpc.workspaces.current, trpc.workspaces.listMine, trpc.invitations.get].map(
    (procedure) => JSON.stringify(getQueryKey(procedure)[0]),
  ),
);

/**
 * After accepting an invitation the browser is signed in as the invited person with the
 * workspace current. The session is reloaded at once; after the delay, answers cached for
 * whoever used this tab before are dropped (they belong to another user or workspace)
 * and the app opens at `/`.
 */
export function useEnterWorkspace() {
  const refreshSession = useRefreshSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const delay = new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
    await refreshSession();
    await delay;
    queryClient.removeQueries({
      predicate: (query) => !KEPT_QUERIES.has(JSON.stringify(query.queryKey[0])),
    });
    await navigate({ to: '/' });
  }, [refreshSession, queryClient, navigate]);
}
