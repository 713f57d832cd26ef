import { Group, Text, Tooltip } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef } from 'react';
import type { Lead, Stage } from '../../../shared/pipeline.schema.ts';
import { KanbanColumn } from '../../components/kanban/kanban-column.tsx';
import { DraggableOpportunityCard } from './draggable-opportunity-card.tsx';
import { summarize } from './lead-view.ts';
import { useMoney } from '../../components/money.tsx';

/** What the board's drag handlers learn about the column under a dragged card. */
export interface ColumnDropData {
  type: 'column';
  stage: Stage;
}

/** A first guess at a card's height; each card is measured once drawn. */
const ESTIMATED_CARD_HEIGHT = 140;
const CARD_GAP = 8;

/**
 * One stage of the board (SPEC §2): a 300 px column headed by its label, deal count, the
 * sum of its values and (beyond the spec) the weighted value, the forecast of what it is
 * worth. The whole column is the drop target, so a card dropped onto another card lands
 * in that card's column. Only the cards in view (plus a few) are drawn, so a stage with
 * hundreds of deals costs no more than one with ten.
 */
export const StageColumn = memo(function StageColumn({
  stage,
  leads,
  onOpen,
}: {
  stage: Stage;
  leads: readonly Lead[];
  onOpen: (lead: Lead) => void;
}) {
  const formatMoney = useMoney();
  const summary = useMemo(() => summarize(leads), [leads]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => leads[index]?.id ?? index,
    gap: CARD_GAP,
    overscan: 4,
    paddingStart: 2,
    paddingEnd: 2,
  });

  return (
    <KanbanColumn
      dropId={`stage:${stage.key}`}
      dropData={{ type: 'column', stage } satisfies ColumnDropData}
      headingId={`stage-column-${stage.id}`}
      headingOrder={2}
      label={stage.label}
      color={stage.color}
      count={summary.count}
      summary={
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {formatMoney(summary.total)}
          </Text>
          <Tooltip label="Each deal's value times its probability">
            <Text size="xs" c="dimmed">
              Weighted {formatMoney(summary.weighted)}
            </Text>
          </Tooltip>
        </Group>
      }
      emptyText="Drop opportunities here"
      bodyRef={scrollRef}
      data-stage={stage.key}
    >
      {/* flex: none, or the body's column layout would shrink it to the viewport. */}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', flex: 'none' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const lead = leads[item.index];
          if (!lead) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
            >
              <DraggableOpportunityCard lead={lead} onOpen={onOpen} />
            </div>
          );
        })}
      </div>
    </KanbanColumn>
  );
});
