import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Lead, Stage } from '../../../shared/pipeline.schema.ts';
import { BOARD_KEYBOARD_CODES, columnKeyboardCoordinates } from './board-keyboard.ts';
import type { CardDragData } from './draggable-opportunity-card.tsx';
import { groupByStage } from './lead-view.ts';
import { OpportunityCard } from './opportunity-card.tsx';
import classes from './pipeline.module.css';
import { StageColumn, type ColumnDropData } from './stage-column.tsx';
import { useMoveLead } from './use-move-lead.ts';

/** SPEC §9: a card starts moving after 3 px, so a click stays a click. */
const ACTIVATION_DISTANCE_PX = 3;

/** A finger must rest on a card before it lifts, so swiping still scrolls the board. */
const TOUCH_DELAY_MS = 250;

/** A click that ends a drag is not a request to open the card. */
const CLICK_AFTER_DRAG_MS = 200;

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

/**
 * The kanban board (SPEC §2, §4): one column per stage, cards dragged between them with
 * the mouse, a finger or the keyboard. A drop in another column (or on a card there)
 * moves the deal at once; the same column does nothing.
 */
export function OpportunitiesBoard({
  stages,
  leads,
  onOpen,
}: {
  stages: readonly Stage[];
  leads: readonly Lead[];
  onOpen: (lead: Lead) => void;
}) {
  const moveLead = useMoveLead();
  const groups = useMemo(() => groupByStage(leads, stages), [leads, stages]);
  const [dragged, setDragged] = useState<Lead | null>(null);
  const lastDragEnd = useRef(0);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: ACTIVATION_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      keyboardCodes: BOARD_KEYBOARD_CODES,
    }),
  );

  const open = useCallback(
    (lead: Lead) => {
      if (performance.now() - lastDragEnd.current < CLICK_AFTER_DRAG_MS) return;
      onOpen(lead);
    },
    [onOpen],
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragged(dragDataOf(active.data.current)?.lead ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    lastDragEnd.current = performance.now();
    const target = dropDataOf(over?.data.current)?.stage;
    // The deal as it is now, not as it was when picked up.
    const lead = leads.find((l) => l.id === active.id);
    if (lead && target) void moveLead(lead, target.key);
  };

  const announcements = useMemo((): Announcements => {
    const nameOf = (data: unknown) => dragDataOf(data)?.lead.dealName ?? 'Opportunity';
    const stageOf = (data: unknown) => dropDataOf(data)?.stage.label ?? 'a stage';
    return {
      onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current)}.`,
      onDragOver: ({ active, over }) =>
        over
          ? `${nameOf(active.data.current)} is over ${stageOf(over.data.current)}.`
          : `${nameOf(active.data.current)} is no longer over a stage.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${nameOf(active.data.current)} was dropped in ${stageOf(over.data.current)}.`
          : `${nameOf(active.data.current)} was dropped where it was.`,
      onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled.`,
    };
  }, []);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={detectColumn}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Press Enter to open this opportunity. To move it to another stage, press Space, use the left and right arrow keys, then press Space again to drop it or Escape to cancel.',
        },
      }}
    >
      <div className={classes.board} role="region" aria-label="Pipeline board">
        <div className={classes.columns}>
          {stages.map((stage) => (
            <StageColumn
              key={stage.id}
              stage={stage}
              leads={groups.get(stage.key) ?? NO_LEADS}
              onOpen={open}
            />
          ))}
        </div>
      </div>
      {/* The copy must not catch the pointer while it glides back after a drop, or a
          quick second grab of the card beneath would start a text selection instead. */}
      <DragOverlay className={classes.overlayLayer}>
        {dragged ? <OpportunityCard lead={dragged} className={classes.overlay} /> : null}
      </DragOverlay>
    </DndContext>
  );
}
