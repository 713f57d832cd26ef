import {
  ActionIcon,
  Box,
  Button,
  Divider,
  EmptyState,
  Group,
  Popover,
  SegmentedControl,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useState } from 'react';

const FILTERS = ['All', 'Mentions', 'Updates'] as const;
type Filter = (typeof FILTERS)[number];

const EMPTY_HINTS: Record<Filter, string> = {
  All: 'When something needs your attention, it will show up here.',
  Mentions: 'When a teammate mentions you, it will show up here.',
  Updates: 'Changes to your deals, projects and invoices will show up here.',
};

/**
 * The notifications dropdown of the top bar (SPEC §2). It is not connected to data yet,
 * so the list is always empty and "Mark all as read" has nothing to mark.
 */
export function NotificationsPopover() {
  const [filter, setFilter] = useState<Filter>('All');
  return (
    <Popover position="bottom-end" width={340} shadow="lg" radius="md" withinPortal>
      <Popover.Target>
        <Tooltip label="Notifications">
          <ActionIcon variant="default" size="lg" aria-label="Notifications">
            <IconBell size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" pt="sm" pb="xs" wrap="nowrap">
          <Text fw={600}>Notifications</Text>
          <Button variant="subtle" size="compact-xs">
            Mark all as read
          </Button>
        </Group>
        <Box px="md" pb="sm">
          <SegmentedControl
            fullWidth
            size="xs"
            data={[...FILTERS]}
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            aria-label="Filter notifications"
          />
        </Box>
        <Divider />
        <EmptyState
          py="xl"
          px="md"
          size="sm"
          withIndicatorBackground
          icon={<IconBellOff size={22} stroke={1.5} />}
          title="No notifications yet"
          description={EMPTY_HINTS[filter]}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
