import {
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconClockPlay,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { TaskPicker } from './task-picker.tsx';
import { formatClock } from './time-display.ts';
import { useTimer } from './use-timer.ts';

/**
 * The Active Timer card (SPEC §4 Timer): choose an active project (and a task of it, and
 * what you work on), Start, Pause, and 'Stop & Log', which logs the elapsed time with the
 * description ('Timer session' without one). While the timer runs its task and
 * description can change.
 */
export function ActiveTimerCard() {
  const { timer, running, seconds, busy, start, update, pause, stop, discard, query } = useTimer();
  const [chosen, setChosen] = useState<number | null>(null);
  const [chosenTask, setChosenTask] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  // While a timer exists its project is fixed, and shown even if since paused.
  const projectValue = timer ? timer.projectId : chosen;
  const taskValue = timer ? timer.taskId : chosenTask;
  // The running timer's description, as the server has it (another tab may change it).
  const savedDescription = timer?.description ?? '';
  useEffect(() => setDescription(savedDescription), [savedDescription]);
  const saveDescription = () => {
    if (timer && description.trim() !== savedDescription) {
      void update({ description: description.trim() || null });
    }
  };

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
          onChange={(id) => {
            setChosen(id);
            setChosenTask(null);
          }}
          disabled={timer !== null || busy || query.isPending}
          nothingFoundMessage="No active projects found"
        />
        <TaskPicker
          projectId={projectValue}
          value={taskValue}
          valueLabel={timer?.task?.title ?? null}
          onChange={(taskId) => (timer ? void update({ taskId }) : setChosenTask(taskId))}
          disabled={busy || query.isPending}
        />
        <TextInput
          label="Description"
          placeholder="What are you working on?"
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          onBlur={saveDescription}
          onKeyDown={(event) => {
            if (event.key === 'Enter') saveDescription();
          }}
          disabled={busy || query.isPending}
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
              onClick={() =>
                projectValue !== null &&
                void start(
                  projectValue,
                  timer ? {} : { taskId: taskValue, description: description.trim() || null },
                )
              }
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
