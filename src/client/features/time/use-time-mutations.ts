import { useMemo } from 'react';
import type { z } from 'zod';
import type { TimeEntry, TimeEntryInputSchema } from '../../../shared/time.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';

type TimeEntryInput = z.input<typeof TimeEntryInputSchema>;

/**
 * Logging, editing and deleting time with the toasts of SPEC §8. Logged time moves its
 * project's totals and the dashboard's hours, so those refresh too (SPEC §7).
 */
export function useTimeMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: createEntry } = trpc.time.create.useMutation();
  const { mutateAsync: updateEntry } = trpc.time.update.useMutation();
  const { mutateAsync: deleteEntry } = trpc.time.delete.useMutation();

  return useMemo(() => {
    const refresh = () =>
      Promise.all([
        utils.time.list.invalidate(),
        utils.projects.list.invalidate(),
        utils.dashboard.stats.invalidate(),
      ]);

    const create = async (input: TimeEntryInput): Promise<TimeEntry | null> => {
      try {
        const entry = await createEntry(input);
        toastSuccess('Time entry added');
        void refresh();
        return entry;
      } catch (error) {
        console.error(error);
        toastError('Failed to log time. Please try again.', messageOf(error) || undefined);
        return null;
      }
    };

    const update = async (
      id: number,
      input: Partial<TimeEntryInput>,
    ): Promise<TimeEntry | null> => {
      try {
        const entry = await updateEntry({ id, ...input });
        toastSuccess('Time entry updated');
        void refresh();
        return entry;
      } catch (error) {
        console.error(error);
        toastError('Failed to update time entry. Please try again.', messageOf(error) || undefined);
        return null;
      }
    };

    const remove = async (entry: TimeEntry): Promise<boolean> => {
      try {
        await deleteEntry({ id: entry.id });
        toastSuccess('Time entry deleted');
        void refresh();
        return true;
      } catch (error) {
        console.error(error);
        toastError('Failed to delete time entry. Please try again.', messageOf(error) || undefined);
        return false;
      }
    };

    return { create, update, remove };
  }, [utils, createEntry, updateEntry, deleteEntry]);
}
