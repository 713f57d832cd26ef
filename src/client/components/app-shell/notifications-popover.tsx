import { ActionIcon, Indicator, Loader, Popover, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { trpc } from '../../trpc.ts';

/** The dropdown's content, fetched the first time the bell is opened (the shell stays light). */
const NotificationsPanel = lazy(() =>
  import('../../features/notifications/notifications-panel.tsx').then((module) => ({
    default: module.NotificationsPanel,
  })),
);

/** How often the bell asks for the unread count (and on the window's focus). */
const UNREAD_POLL_MS = 45_000;

/**
 * The notifications dropdown of the top bar (SPEC §2): the bell shows the unread count,
 * polled cheaply; the list itself is loaded only while the dropdown is open.
 */
export function NotificationsPopover() {
  const [opened, setOpened] = useState(false);
  const unread =
    trpc.notifications.unreadCount.useQuery(undefined, {
      refetchInterval: UNREAD_POLL_MS,
      refetchOnWindowFocus: true,
      staleTime: 10_000,
    }).data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="lg"
      radius="md"
      withinPortal
    >
      {/* The popover's target is the button itself, so that it carries aria-expanded and
          aria-controls (they were on the tooltip's box); the tooltip stays shut while the list
          is open, where it only hid part of it (and was once scanned mid-fade there). */}
      <Indicator
        disabled={unread === 0}
        label={unread > 99 ? '99+' : unread}
        size={16}
        offset={4}
        color="red"
        inline
      >
        <Tooltip label={label} disabled={opened}>
          <Popover.Target>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={label}
              onClick={() => setOpened((o) => !o)}
            >
              <IconBell size={18} stroke={1.6} />
            </ActionIcon>
          </Popover.Target>
        </Tooltip>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        {opened && (
          <Suspense fallback={<Loader size="sm" m="md" aria-label="Loading notifications" />}>
            <NotificationsPanel unread={unread} onNavigate={() => setOpened(false)} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
