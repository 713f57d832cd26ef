import { DANGER_COLOR } from '../../theme.ts';
import { ActionIcon, Badge, Box, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatHours, type TimeEntry } from '../../../shared/time.schema.ts';
import { entryCost, formatDay, roundedFrom } from './time-display.ts';
import { useMoney } from '../../components/money.tsx';

/**
 * One time entry: what, on which project, when and by whom; its time (SPEC §9 display
 * rules) and cost (hours × the project's rate). Billed entries cannot change.
 */
export function TimeEntryRow({
  entry,
  onEdit,
  onDelete,
  withMenuSpace = false,
}: {
  entry: TimeEntry;
  /** Leave the menu's room empty when this row has none but others may. */
  withMenuSpace?: boolean;
  /** No menu without them (billed time, or someone else's without the rights). */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const formatMoney = useMoney();
  const label = entry.description || 'No description';
  const rounded = roundedFrom(entry);
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="sm"
      data-testid="time-entry"
    >
      <Stack gap={4} miw={0}>
        <Text fw={500} size="sm" c={entry.description ? undefined : 'dimmed'} lineClamp={2}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.project.name}
          {entry.task ? ` · ${entry.task.title}` : ''} · {formatDay(entry.date)} ·{' '}
          {entry.user.fullName}
        </Text>
        {(entry.isTimer || entry.invoiceId !== null) && (
          <Group gap={6}>
            {entry.isTimer && (
              <Badge size="xs" variant="light" color="indigo">
                Timer
              </Badge>
            )}
            {entry.invoiceId !== null && (
              <Badge size="xs" variant="light" color="teal">
                Billed
              </Badge>
            )}
          </Group>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Stack gap={2} align="flex-end">
          <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatHours(entry.hours)}
          </Text>
          {rounded && (
            // The workspace rounds timed entries (Settings → Business): the run it came from.
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {rounded}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(entryCost(entry))}
          </Text>
        </Stack>
        {onEdit || onDelete ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onEdit && (
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                  Edit
                </Menu.Item>
              )}
              {onDelete && (
                <Menu.Item
                  color={DANGER_COLOR}
                  leftSection={<IconTrash size={16} />}
                  onClick={onDelete}
                >
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ) : (
          // Keeps the figures of every row in one column.
          withMenuSpace && <Box w={28} aria-hidden />
        )}
      </Group>
    </Group>
  );
}
