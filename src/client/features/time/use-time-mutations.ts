import { useMemo } from 'react';
import type { z } from 'zod';
import type { TimeEntry, TimeEntryInputSchema } from '../../../shared/time.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

type TimeEntryInput = z.input<typeof TimeEntryInputSchema>;

/** Logged time moves its project's totals and the dashboard's hours (SPEC §7). */
/** Logged time changes the log, projects' burn and team, tasks' logged hours, the dashboard. */
export const afterTimeLogged = [
  trpc.time.list,
  trpc.projects.list,
  trpc.projects.get,
  trpc.tasks.list,
  trpc.dashboard.stats,
];

/**
 * Logging, editing and deleting time with the toasts of SPEC §8. Each resolves to the
 * saved entry (or true), or undefined/false after the error toast.
 */
export function useTimeMutations() {
  const { mutateAsync: create } = trpc.time.create.useMutation({
    meta: {
      success: 'Time entry added',
      error: withServerMessage('Failed to log time. Please try again.'),
      invalidates: afterTimeLogged,
    },
  });
  const { mutateAsync: update } = trpc.time.update.useMutation({
    meta: {
      success: 'Time entry updated',
      error: withServerMessage('Failed to update time entry. Please try again.'),
      invalidates: afterTimeLogged,
    },
  });
  const { mutateAsync: remove } = trpc.time.delete.useMutation({
    meta: {
      success: 'Time entry deleted',
      error: withServerMessage('Failed to delete time entry. Please try again.'),
      invalidates: afterTimeLogged,
    },
  });

  return useMemo(
    () => ({
      create: (input: TimeEntryInput) => succeeded(create(input)),
      update: (id: number, input: Partial<TimeEntryInput>) => succeeded(update({ id, ...input })),
      remove: async (entry: TimeEntry) => (await succeeded(remove({ id: entry.id }))) !== undefined,
    }),
    [create, update, remove],
  );
}
