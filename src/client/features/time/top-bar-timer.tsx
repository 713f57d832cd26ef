import { ActionIcon, Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPlayerStopFilled } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatClock } from './time-display.ts';
import { useTimer } from './use-timer.ts';

/**
 * The member's timer in the top bar of every page while it runs or is paused: what it is
 * on, the time ticking, and Stop, which logs it as an entry. Nothing without a timer.
 */
export function TopBarTimer({ enabled }: { enabled: boolean }) {
  const { timer, running, seconds, busy, stop } = useTimer({ enabled });
  if (!timer) return null;
  const what = timer.task ? `${timer.project.name} · ${timer.task.title}` : timer.project.name;
  const clock = formatClock(seconds);
  return (
    <Group
      gap={4}
      wrap="nowrap"
      role="group"
      aria-label="Running timer"
      px={6}
      py={2}
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      miw={0}
    >
      <Tooltip label={`${what}${running ? '' : ' (paused)'}: open Time Tracking`}>
        <UnstyledButton
          component={Link}
          to="/time-tracking"
          // Contains what it shows, in the same order: what (on wide screens), then the clock.
          aria-label={`Timer on ${what}: ${clock}${running ? '' : ', paused'}`}
          miw={0}
        >
          <Group gap={8} wrap="nowrap" miw={0}>
            <Badge
              size="xs"
              circle
              color={running ? 'teal' : 'orange'}
              variant="filled"
              aria-hidden
              style={{ flexShrink: 0 }}
            >
              {''}
            </Badge>
            <Text size="sm" truncate maw={180} visibleFrom="md">
              {what}
            </Text>
            {/* Nothing on screen in a flex row; a word break for axe, which reads the
                button's text as one string when it compares it with the name. */}{' '}
            <Text
              role="timer"
              size="sm"
              fw={600}
              ff="monospace"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {clock}
            </Text>
          </Group>
        </UnstyledButton>
      </Tooltip>
      <Tooltip label="Stop timer and log the time">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label="Stop timer"
          onClick={() => void stop()}
          disabled={busy}
        >
          <IconPlayerStopFilled size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
