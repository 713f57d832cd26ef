import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconClockPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ActiveTimerCard } from './active-timer.card.tsx';
import { LogTimeDialog } from './log-time.dialog.tsx';
import { TimeLog } from './time-log.tsx';
import { TimeSummaryCard } from './time-summary.card.tsx';

/**
 * `/time-tracking`: the timer, the Log Time dialog and the full time log (SPEC §2; issue
 * 22 turned the 10 latest entries into every entry, filtered and paged).
 */
export function TimeTrackingPage() {
  const [logOpened, setLogOpened] = useState(false);

  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Time Tracking"
        description="Run a timer or log hours against your projects."
        action={
          <Button leftSection={<IconClockPlus size={18} />} onClick={() => setLogOpened(true)}>
            Log Time
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ActiveTimerCard />
        <TimeSummaryCard />
      </SimpleGrid>
      <TimeLog />
      <LogTimeDialog opened={logOpened} onClose={() => setLogOpened(false)} />
    </Stack>
  );
}

export default TimeTrackingPage;
