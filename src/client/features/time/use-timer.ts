import { useEffect, useMemo, useState } from 'react';
import { timerSeconds } from '../../../shared/time.schema.ts';
import { toastError, toastInfo, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { today } from './time-display.ts';

/**
 * The signed-in user's timer, kept on the server (it survives a reload and shows on
 * another device), and the seconds on it, ticking once a second while it runs.
 */
export function useTimer() {
  const utils = trpc.useUtils();
  const current = trpc.timer.current.useQuery();
  const timer = current.data ?? null;
  const running = Boolean(timer?.startedAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [running]);

  const { mutateAsync: startTimer, isPending: starting } = trpc.timer.start.useMutation();
  const { mutateAsync: pauseTimer, isPending: pausing } = trpc.timer.pause.useMutation();
  const { mutateAsync: stopTimer, isPending: stopping } = trpc.timer.stop.useMutation();
  const { mutateAsync: discardTimer, isPending: discarding } = trpc.timer.discard.useMutation();

  const actions = useMemo(() => {
    const start = async (projectId: number) => {
      try {
        const started = await startTimer({ projectId });
        setNow(Date.now());
        utils.timer.current.setData(undefined, started);
      } catch (error) {
        console.error(error);
        toastError('Failed to start the timer', messageOf(error) || undefined);
        void utils.timer.current.invalidate();
      }
    };

    const pause = async () => {
      try {
        utils.timer.current.setData(undefined, await pauseTimer());
      } catch (error) {
        console.error(error);
        toastError('Failed to pause the timer', messageOf(error) || undefined);
        void utils.timer.current.invalidate();
      }
    };

    /** SPEC §4 'Stop & Log': logs the time when any has run, then resets. */
    const stop = async () => {
      try {
        const entry = await stopTimer({ date: today() });
        utils.timer.current.setData(undefined, null);
        if (entry) {
          toastSuccess('Time entry added');
          void Promise.all([
            utils.time.list.invalidate(),
            utils.projects.list.invalidate(),
            utils.dashboard.stats.invalidate(),
          ]);
        } else {
          toastInfo('Timer reset', 'No time had run, so nothing was logged.');
        }
      } catch (error) {
        console.error(error);
        toastError('Failed to log time. Please try again.', messageOf(error) || undefined);
        void utils.timer.current.invalidate();
      }
    };

    const discard = async () => {
      try {
        await discardTimer();
        utils.timer.current.setData(undefined, null);
        toastInfo('Timer discarded');
      } catch (error) {
        console.error(error);
        toastError('Failed to discard the timer', messageOf(error) || undefined);
        void utils.timer.current.invalidate();
      }
    };

    return { start, pause, stop, discard };
  }, [utils, startTimer, pauseTimer, stopTimer, discardTimer]);

  return {
    query: current,
    timer,
    running,
    seconds: timer ? timerSeconds(timer, now) : 0,
    busy: starting || pausing || stopping || discarding,
    ...actions,
  };
}
