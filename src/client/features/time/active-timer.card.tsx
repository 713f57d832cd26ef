import { Badge, Button, Card, Group, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClockPlay,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc.ts';
import { projectOptions } from './project-options.ts';
import { formatClock } from './time-display.ts';
import { useTimer } from './use-timer.ts';

/**
 * The Active Timer card (SPEC §4 Timer): choose an active project, Start, Pause, and
 * 'Stop & Log', which logs the elapsed time as a 'Timer session'.
 */
export function ActiveTimerCard() {
  const { timer, running, seconds, busy, start, pause, stop, discard, query } = useTimer();
  const projects = trpc.projects.list.useQuery({ status: 'active' });
  const [chosen, setChosen] = useState<string | null>(null);

  // While a timer exists its project is fixed; it stays listed even if since paused.
  const options = projectOptions(projects.data ?? [], true);
  const projectValue = timer ? String(timer.projectId) : chosen;
  const data =
    timer && !options.some((o) => typeof o === 'object' && 'value' in o && o.value === projectValue)
      ? [...options, { value: String(timer.projectId), label: timer.project.name }]
      : options;

  const state = running ? 'Running' : timer ? 'Paused' : 'Idle';
  const stateColor = running ? 'teal' : timer ? 'orange' : 'gray';

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="active-timer-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="md" size={36}>
              <IconClockPlay size={20} stroke={1.7} />
            </ThemeIcon>
            <Title order={3} fz="lg" id="active-timer-title">
              Active Timer
            </Title>
          </Group>
          <Badge variant="light" color={stateColor}>
            {state}
          </Badge>
        </Group>

        <Text
          role="timer"
          aria-label="Elapsed time"
          ff="monospace"
          fz={{ base: 40, sm: 48 }}
          fw={700}
          ta="center"
          lh={1.1}
          c={running ? undefined : 'dimmed'}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatClock(seconds)}
        </Text>

        <Select
          label="Project"
          placeholder={
            projects.isPending
              ? 'Loading projects...'
              : options.length === 0
                ? 'No active projects'
                : 'Choose an active project'
          }
          data={data}
          value={projectValue}
          onChange={setChosen}
          searchable
          disabled={timer !== null || busy || query.isPending}
          nothingFoundMessage="No active projects found"
          comboboxProps={{ withinPortal: true }}
        />

        <Group gap="sm" grow>
          {running ? (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconPlayerPause size={18} />}
              onClick={() => void pause()}
              disabled={busy}
            >
              Pause
            </Button>
          ) : (
            <Button
              leftSection={<IconPlayerPlay size={18} />}
              onClick={() => projectValue && void start(Number(projectValue))}
              disabled={busy || !projectValue || query.isPending}
            >
              Start
            </Button>
          )}
          <Button
            variant="light"
            color="teal"
            leftSection={<IconPlayerStop size={18} />}
            onClick={() => void stop()}
            disabled={busy || timer === null}
          >
            Stop &amp; Log
          </Button>
        </Group>
        {timer && !running && (
          <Button
            variant="subtle"
            color="gray"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => void discard()}
            disabled={busy}
            style={{ alignSelf: 'center' }}
          >
            Discard timer
          </Button>
        )}
      </Stack>
    </Card>
  );
}
