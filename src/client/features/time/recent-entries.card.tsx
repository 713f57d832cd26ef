import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Divider,
  EmptyState,
  Group,
  Loader,
  Stack,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import type { TimeEntry } from '../../../shared/time.schema.ts';
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

  let body;
  if (entries.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading time entries" />
      </Center>
    );
  } else if (entries.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Time could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void entries.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (entries.data.items.length === 0) {
    body = (
      <EmptyState
        py="lg"
        size="sm"
        variant="light"
        icon={<IconClockHour4 size={22} stroke={1.5} />}
        title="No time logged yet"
        description="Start the timer or log time by hand."
      />
    );
  } else {
    body = (
      <Stack gap={0}>
        {entries.data.items.map((entry, index) => {
          const editable = entry.invoiceId === null && (canChange?.(entry) ?? false);
          return (
            <Fragment key={entry.id}>
              {index > 0 && <Divider />}
              <TimeEntryRow
                entry={entry}
                onEdit={editable && onEdit ? () => onEdit(entry) : undefined}
                onDelete={editable && onDelete ? () => onDelete(entry) : undefined}
                withMenuSpace={Boolean(onEdit || onDelete)}
              />
            </Fragment>
          );
        })}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="recent-time-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="lg" id="recent-time-title">
          Recent Time Entries
        </Title>
        {linkToAll && (
          <Anchor component={Link} to="/time-tracking" size="sm">
            View all
          </Anchor>
        )}
      </Group>
      {body}
    </Card>
  );
}
