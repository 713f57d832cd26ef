import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import {
  timerSeconds,
  type TimeEntry,
  type TimerUpdateSchema,
} from '../../../shared/time.schema.ts';
import { toastInfo } from '../../components/toasts.tsx';
import { withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { today } from './time-display.ts';
import { afterTimeLogged } from './use-time-mutations.ts';

/** How often the timer is read again while a page is open (React Query skips hidden tabs). */
const TIMER_POLL_MS = 60_000;

/** What a timer is for besides its project, as the API takes it. */
export type TimerDetails = z.input<typeof TimerUpdateSchema>;

/**
 * The signed-in user's timer, kept on the server (it survives a reload and shows on
 * another device), and the seconds on it, ticking once a second while it runs.
 */
export function useTimer({ enabled = true }: { enabled?: boolean } = {}) {
  const utils = trpc.useUtils();
  // One query for every view of the timer (the top bar and the time page share it), read
  // again each minute so a timer started or stopped on another device shows here too.
  const current = trpc.timer.current.useQuery(undefined, {
    enabled,
    refetchInterval: TIMER_POLL_MS,
  });
  const timer = current.data ?? null;
  const running = Boolean(timer?.startedAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [running]);

  // Each answer is the timer as it now is; a refusal means the card may be out of date, so
  // the timer is read again.
  const reread = () => void utils.timer.current.invalidate();
  const { mutate: startTimer, isPending: starting } = trpc.timer.start.useMutation({
    meta: { error: withServerMessage('Failed to start the timer') },
    onSuccess: (started) => {
      setNow(Date.now());
      utils.timer.current.setData(undefined, started);
    },
    onError: reread,
  });
  const { mutate: pauseTimer, isPending: pausing } = trpc.timer.pause.useMutation({
    meta: { error: withServerMessage('Failed to pause the timer') },
    onSuccess: (paused) => utils.timer.current.setData(undefined, paused),
    onError: reread,
  });
  const { mutateAsync: updateTimer, isPending: updating } = trpc.timer.update.useMutation({
    meta: { error: withServerMessage('Failed to update the timer') },
    onSuccess: (updated) => utils.timer.current.setData(undefined, updated),
    onError: reread,
  });
  /** SPEC §4 'Stop & Log': logs the time when any has run, then resets. */
  const { mutate: stopTimer, isPending: stopping } = trpc.timer.stop.useMutation({
    meta: {
      success: (entry: TimeEntry | null) => (entry ? 'Time entry added' : undefined),
      error: withServerMessage('Failed to log time. Please try again.'),
      invalidates: (entry: TimeEntry | null) => (entry ? afterTimeLogged : []),
    },
    onSuccess: (entry) => {
      utils.timer.current.setData(undefined, null);
      // Not a success nor a failure: meta has no toast for it.
      if (!entry) toastInfo('Timer reset', 'No time had run, so nothing was logged.');
    },
    onError: reread,
  });
  const { mutate: discardTimer, isPending: discarding } = trpc.timer.discard.useMutation({
    meta: { error: withServerMessage('Failed to discard the timer') },
    onSuccess: () => {
      utils.timer.current.setData(undefined, null);
      toastInfo('Timer discarded');
    },
    onError: reread,
  });

  const actions = useMemo(
    () => ({
      start: (projectId: number, details: TimerDetails = {}) =>
        startTimer({ projectId, ...details }),
      /** Names another task or description on the timer; resolves to whether it saved. */
      update: (details: TimerDetails) =>
        updateTimer(details).then(
          () => true,
          () => false,
        ),
      pause: () => pauseTimer(),
      stop: () => stopTimer({ date: today() }),
      discard: () => discardTimer(),
    }),
    [startTimer, updateTimer, pauseTimer, stopTimer, discardTimer],
  );

  return {
    query: current,
    timer,
    running,
    seconds: timer ? timerSeconds(timer, now) : 0,
    busy: starting || updating || pausing || stopping || discarding,
    ...actions,
  };
}
