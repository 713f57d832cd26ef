import { useCallback } from 'react';
import { trpc } from '../../trpc.ts';

/** SPEC §7/§9: the lead list, unlike every other read, goes stale after 5 s. */
export const LEADS_STALE_MS = 5_000;

/** Every deal of the workspace, newest first: the board and the list both show them all. */
export function useLeads() {
  return trpc.leads.list.useQuery(undefined, { staleTime: LEADS_STALE_MS });
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
