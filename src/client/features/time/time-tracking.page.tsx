import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconClockPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { TimeEntry } from '../../../shared/time.schema.ts';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ActiveTimerCard } from './active-timer.card.tsx';
import { LogTimeDialog } from './log-time.dialog.tsx';
import { RecentEntriesCard } from './recent-entries.card.tsx';
import { TimeSummaryCard } from './time-summary.card.tsx';
import { useTimeMutations } from './use-time-mutations.ts';

/** Who may change anyone's time (the server's rule); others change their own. */
const TIME_MANAGERS: readonly WorkspaceRole[] = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
];

type Dialog = { opened: boolean; entry: TimeEntry | null };

/** `/time-tracking`: the timer, the Log Time dialog and the latest entries (SPEC §2). */
export function TimeTrackingPage() {
  const me = useMe();
  const workspace = useCurrentWorkspace();
  const mutations = useTimeMutations();
  const [dialog, setDialog] = useState<Dialog>({ opened: false, entry: null });
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const [deletingShown, setDeletingShown] = useState<TimeEntry | null>(null);

  const role = workspace.data?.role;
  const canChange = (entry: TimeEntry) =>
    entry.userId === me.data?.id || (role !== undefined && TIME_MANAGERS.includes(role));

  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Time Tracking"
        description="Run a timer or log hours against your projects."
        action={
          <Button
            leftSection={<IconClockPlus size={18} />}
            onClick={() => setDialog({ opened: true, entry: null })}
          >
            Log Time
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ActiveTimerCard />
        <TimeSummaryCard />
      </SimpleGrid>
      <RecentEntriesCard
        canChange={canChange}
        onEdit={(entry) => setDialog({ opened: true, entry })}
        onDelete={(entry) => {
          setDeleting(entry);
          setDeletingShown(entry);
        }}
      />
      <LogTimeDialog
        opened={dialog.opened}
        entry={dialog.entry}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Time Entry"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting) : Promise.resolve(false))}
      >
        Delete {deletingShown?.description ? `"${deletingShown.description}"` : 'this entry'} on{' '}
        {deletingShown?.project.name}? Its hours and cost leave the project. This action cannot be
        undone.
      </ConfirmDeleteDialog>
    </Stack>
  );
}

export default TimeTrackingPage;
