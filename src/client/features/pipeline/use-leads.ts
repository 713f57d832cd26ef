import { useQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback } from 'react';
import { fetchAllPages } from '../../components/fetch-all-pages.ts';
import { trpc } from '../../trpc.ts';

/** SPEC §7/§9: the lead list, unlike every other read, goes stale after 5 s. */
export const LEADS_STALE_MS = 5_000;

/**
 * Every deal of the workspace, newest first: the board and the list both show them all
 * (with each stage's count and sum), so the pages the server answers are read in turn.
 * Kept under leads.list's own key, so its invalidations and optimistic moves apply.
 */
export function useLeads() {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: getQueryKey(trpc.leads.list, undefined, 'query'),
    queryFn: () =>
      fetchAllPages((offset, limit) => utils.client.leads.list.query({ offset, limit })),
    staleTime: LEADS_STALE_MS,
  });
}

/** The workspace's stages in board order. */
export function useStages() {
  return trpc.stages.list.useQuery();
}

/**
 * What SPEC §7 refreshes after a deal is created or updated: leads, persons and companies
 * (their views show deals' contacts and organizations). The dashboard stats and clients
 * would join them here once those screens read from the server.
 */
export function useRefreshAfterLeadChange() {
  const utils = trpc.useUtils();
  return useCallback(
    () =>
      Promise.all([
        utils.leads.list.invalidate(),
        utils.contacts.invalidate(),
        utils.organizations.invalidate(),
      ]),
    [utils],
  );
}
