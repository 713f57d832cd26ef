import { IconClockHour4 } from '@tabler/icons-react';
import type { TimeEntry } from '../../../shared/time.schema.ts';
import { RecentItemsCard } from '../../components/recent-items.card.tsx';
import { trpc } from '../../trpc.ts';
import { TimeEntryRow } from './time-entry-row.tsx';

/** SPEC §9: the time page shows the 10 latest entries. */
export const RECENT_ENTRIES = 10;

/**
 * 'Recent Time Entries': the workspace's latest time, newest work first. On the
 * dashboard it is shorter and links to the time page.
 */
export function RecentEntriesCard({
  limit = RECENT_ENTRIES,
  canChange,
  onEdit,
  onDelete,
  linkToAll = false,
}: {
  limit?: number;
  /** Whether the user may change this entry (their own, or any for managers). */
  canChange?: (entry: TimeEntry) => boolean;
  onEdit?: (entry: TimeEntry) => void;
  onDelete?: (entry: TimeEntry) => void;
  linkToAll?: boolean;
}) {
  const entries = trpc.time.list.useQuery({ limit });

  return (
    <RecentItemsCard
      title="Recent Time Entries"
      viewAll={linkToAll ? '/time-tracking' : undefined}
      query={entries}
      what="time entries"
      errorTitle="Time could not be loaded"
      empty={{
        icon: <IconClockHour4 size={22} stroke={1.5} />,
        title: 'No time logged yet',
        description: 'Start the timer or log time by hand.',
      }}
      renderItem={(entry) => {
        const editable = entry.invoiceId === null && (canChange?.(entry) ?? false);
        return (
          <TimeEntryRow
            entry={entry}
            onEdit={editable && onEdit ? () => onEdit(entry) : undefined}
            onDelete={editable && onDelete ? () => onDelete(entry) : undefined}
            withMenuSpace={Boolean(onEdit || onDelete)}
          />
        );
      }}
    />
  );
}
