import {
  Box,
  Button,
  Divider,
  EmptyState,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { formatDistanceToNowStrict } from 'date-fns';
import { useEffect, useState } from 'react';
import type { Notification, NotificationFilter } from '../../../shared/notifications.schema.ts';
import { withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import classes from './notifications-panel.module.css';

const FILTERS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mentions', label: 'Mentions' },
  { value: 'updates', label: 'Updates' },
];

const EMPTY_HINTS: Record<NotificationFilter, string> = {
  all: 'When something needs your attention, it will show up here.',
  mentions:
    'When something is assigned to you or your timesheet is reviewed, it will show up here.',
  updates: 'Changes to your deals, invoices, proposals and timesheets will show up here.',
};

/** The last page the dropdown shows; older ones stay in the database. */
const PAGE = 30;

/**
 * The notifications dropdown's content: the filter, the newest notifications (unread ones
 * marked), a click marks one read and opens its record, and "Mark all as read".
 */
export function NotificationsPanel({
  unread,
  onNavigate,
}: {
  unread: number;
  onNavigate: () => void;
}) {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const router = useRouter();
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery({ filter, limit: PAGE }, { staleTime: 0 });
  // The list carries the unread count too: the bell shows it at once, not at its next poll.
  const listed = list.data?.unread;
  useEffect(() => {
    if (listed !== undefined)
      utils.notifications.unreadCount.setData(undefined, { unread: listed });
  }, [listed, utils]);
  const read = trpc.notifications.read.useMutation({
    meta: {
      invalidates: [trpc.notifications],
      error: withServerMessage('Could not mark as read'),
    },
  });

  const open = (notification: Notification) => {
    if (!notification.read) read.mutate({ ids: [notification.id] });
    if (notification.link) {
      onNavigate();
      void router.navigate({ href: notification.link });
    }
  };

  const items = list.data?.items ?? [];
  return (
    <>
      <Group justify="space-between" px="md" pt="sm" pb="xs" wrap="nowrap">
        <Text fw={600}>Notifications</Text>
        <Button
          variant="subtle"
          size="compact-xs"
          disabled={unread === 0}
          loading={read.isPending && read.variables && 'all' in read.variables}
          onClick={() => read.mutate({ all: true })}
        >
          Mark all as read
        </Button>
      </Group>
      <Box px="md" pb="sm">
        <SegmentedControl
          fullWidth
          size="xs"
          data={FILTERS}
          value={filter}
          onChange={(value) => setFilter(value as NotificationFilter)}
          aria-label="Filter notifications"
        />
      </Box>
      <Divider />
      {list.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Loading notifications" />
        </Group>
      ) : items.length === 0 ? (
        <EmptyState
          py="xl"
          px="md"
          size="sm"
          withIndicatorBackground
          icon={<IconBellOff size={22} stroke={1.5} />}
          title={list.isError ? 'Notifications could not be loaded' : 'No notifications yet'}
          description={list.isError ? 'Try again in a moment.' : EMPTY_HINTS[filter]}
        />
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Stack gap={0} component="ul" className={classes.list} aria-label="Notifications">
            {items.map((notification) => (
              <li key={notification.id}>
                <UnstyledButton
                  className={classes.item}
                  data-unread={!notification.read || undefined}
                  onClick={() => open(notification)}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Box className={classes.dot} aria-hidden />
                    <Box miw={0} flex={1}>
                      {/* Named by all it shows; the dot's meaning is said in words. */}
                      {!notification.read && <VisuallyHidden>Unread:</VisuallyHidden>}
                      <Text size="sm" fw={notification.read ? 400 : 600} lineClamp={2}>
                        {notification.title}
                      </Text>
                      {notification.body && (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {notification.body}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed" mt={2}>
                        <time dateTime={notification.createdAt}>
                          {formatDistanceToNowStrict(new Date(notification.createdAt), {
                            addSuffix: true,
                          })}
                        </time>
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </>
  );
}
