import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClockPlay,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { formatClock } from './time-display.ts';
import { useTimer } from './use-timer.ts';

/**
 * The Active Timer card (SPEC §4 Timer): choose an active project, Start, Pause, and
 * 'Stop & Log', which logs the elapsed time as a 'Timer session'.
 */
export function ActiveTimerCard() {
  const { timer, running, seconds, busy, start, pause, stop, discard, query } = useTimer();
  const [chosen, setChosen] = useState<number | null>(null);
  // While a timer exists its project is fixed, and shown even if since paused.
  const projectValue = timer ? timer.projectId : chosen;

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

        <ProjectPicker
          label="Project"
          placeholder="Choose an active project"
          status="active"
          grouped={false}
          value={projectValue}
          valueLabel={timer ? timer.project.name : null}
          onChange={setChosen}
          disabled={timer !== null || busy || query.isPending}
          nothingFoundMessage="No active projects found"
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
              onClick={() => projectValue !== null && void start(projectValue)}
              disabled={busy || projectValue === null || query.isPending}
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
