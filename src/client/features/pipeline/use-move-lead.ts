import { useCallback, useEffect, useRef } from 'react';
import type { Lead } from '../../../shared/pipeline.schema.ts';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { useRefreshAfterLeadChange } from './use-leads.ts';

/** SPEC §9: the board is refreshed 500 ms after a drop. */
export const REFETCH_AFTER_DROP_MS = 500;

/**
 * Moves a deal to another stage the way SPEC §4 describes a drop: the card moves in the
 * cache at once, the server is told, a refusal puts the card back with 'Failed to update
 * opportunity stage.', and the list is read again shortly after.
 *
 * Rollback touches only the deal that failed (and only if it is still where this move
 * put it), so a quick second drag is never undone by the first one's failure. The refetch
 * waits until no move is in flight: an earlier answer must not overwrite a later move.
 */
export function useMoveLead() {
  const utils = trpc.useUtils();
  const refresh = useRefreshAfterLeadChange();
  // No success toast: the card is already where it was dropped. The refetch is not declared
  // either: it waits for the moves in flight, below.
  const { mutateAsync: updateLead } = trpc.leads.update.useMutation({
    meta: { error: 'Failed to update opportunity stage.' },
  });
  const inFlight = useRef(0);
  const refetchTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(refetchTimer.current), []);

  return useCallback(
    async (lead: Lead, stage: string) => {
      // SPEC §4: dropping in the same stage does nothing.
      if (lead.stage === stage) return;
      const from = lead.stage;
      const setStage = (to: string, onlyIfIn?: string) =>
        utils.leads.list.setData(
          undefined,
          (leads) =>
            leads && {
              ...leads,
              items: leads.items.map((l) =>
                l.id === lead.id && (onlyIfIn === undefined || l.stage === onlyIfIn)
                  ? { ...l, stage: to }
                  : l,
              ),
            },
        );

      inFlight.current += 1;
      window.clearTimeout(refetchTimer.current);
      // A read already on its way would answer with the old stage.
      await utils.leads.list.cancel();
      setStage(stage);
      const moved = await succeeded(updateLead({ id: lead.id, stage }));
      // Refused: the card goes back, unless a later move has taken it elsewhere.
      if (!moved) setStage(from, stage);
      inFlight.current -= 1;
      window.clearTimeout(refetchTimer.current);
      refetchTimer.current = window.setTimeout(() => {
        if (inFlight.current === 0) void refresh();
      }, REFETCH_AFTER_DROP_MS);
    },
    [updateLead, refresh, utils],
  );
}
