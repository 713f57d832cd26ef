import { Group, Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Lead } from '../../../shared/pipeline.schema.ts';
import { summarizePipeline } from './lead-view.ts';
import { PipelineFigure } from './pipeline-figure.tsx';
import { useMoney } from '../../components/money.tsx';

/**
 * The board header's forecast (beyond the spec): what the open deals are worth, and worth
 * once each is discounted by its probability, beside what was already won. It follows
 * the search, so a filtered board shows the forecast of what it shows.
 */
export function PipelineSummary({ leads }: { leads: readonly Lead[] }) {
  const formatMoney = useMoney();
  const { open, won } = useMemo(() => summarizePipeline(leads), [leads]);
  return (
    <Paper withBorder radius="lg" px="md" py="xs">
      <Group gap="lg" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
        <PipelineFigure
          label="Total pipeline"
          value={formatMoney(open.total)}
          hint="The value of every open deal (Won and Lost left out)"
        />
        <PipelineFigure
          label="Weighted pipeline"
          value={formatMoney(open.weighted)}
          hint="Each open deal's value times its probability: the expected revenue"
        />
        <PipelineFigure
          label="Won"
          value={formatMoney(won.total)}
          hint="The value of the deals won"
        />
        <Text size="sm" c="dimmed" ml="auto">
          {open.count} open {open.count === 1 ? 'deal' : 'deals'}
        </Text>
      </Group>
    </Paper>
  );
}
