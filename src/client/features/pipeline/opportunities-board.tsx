import {
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useMemo } from 'react';
import type { Lead } from '../../../shared/pipeline.schema.ts';
import { columnKeyboardCoordinates } from '../../components/kanban/board-keyboard.ts';
import {
  KanbanBoard,
  useBoardDrag,
  type BoardWords,
} from '../../components/kanban/kanban-board.tsx';
import kanban from '../../components/kanban/kanban.module.css';
import type { CardDragData } from './draggable-opportunity-card.tsx';
import { groupByStage, type LeadViewProps } from './lead-view.ts';
import { OpportunityCard } from './opportunity-card.tsx';
import { StageColumn, type ColumnDropData } from './stage-column.tsx';
import { useMoveLead } from './use-move-lead.ts';

const NO_LEADS: readonly Lead[] = [];

/**
 * The column under the pointer wins; a keyboard drag has no pointer, so the column its
 * card overlaps is used instead.
 */
const detectColumn: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

const dragDataOf = (data: unknown) => data as CardDragData | undefined;
const dropDataOf = (data: unknown) => data as ColumnDropData | undefined;

const WORDS: BoardWords = {
  label: 'Pipeline board',
  instructions:
    'Press Enter to open this opportunity. To move it to another stage, press Space, use the left and right arrow keys, then press Space again to drop it or Escape to cancel.',
  nameOf: (data) => dragDataOf(data)?.lead.dealName ?? 'Opportunity',
  whereOf: (data) => dropDataOf(data)?.stage.label ?? 'a stage',
  anywhere: 'a stage',
};

/**
 * The kanban board (SPEC §2, §4): one column per stage, cards dragged between them with
 * the mouse, a finger or the keyboard. A drop in another column (or on a card there)
 * moves the deal at once; the same column does nothing.
 */
export function OpportunitiesBoard({ stages, leads, onOpen }: LeadViewProps) {
  const moveLead = useMoveLead();
  const groups = useMemo(() => groupByStage(leads, stages), [leads, stages]);
  const { dragged, setDragged, open, ended } = useBoardDrag(onOpen);

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragged(dragDataOf(active.data.current)?.lead ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    ended();
    const target = dropDataOf(over?.data.current)?.stage;
    // The deal as it is now, not as it was when picked up.
    const lead = leads.find((l) => l.id === active.id);
    if (lead && target) void moveLead(lead, target.key);
  };

  return (
    <KanbanBoard
      words={WORDS}
      keyboardCoordinates={columnKeyboardCoordinates}
      collisionDetection={detectColumn}
      fill
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      overlay={dragged ? <OpportunityCard lead={dragged} className={kanban.overlay} /> : null}
    >
      {stages.map((stage) => (
        <StageColumn
          key={stage.id}
          stage={stage}
          leads={groups.get(stage.key) ?? NO_LEADS}
          onOpen={open}
        />
      ))}
    </KanbanBoard>
  );
}
