import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { BOARD_KEYBOARD_CODES } from './board-keyboard.ts';
import classes from './kanban.module.css';

/** SPEC §9: a card starts moving after 3 px, so a click stays a click. */
const ACTIVATION_DISTANCE_PX = 3;

/** A finger must rest on a card before it lifts, so swiping still scrolls the board. */
const TOUCH_DELAY_MS = 250;

/** A click that ends a drag is not a request to open the card. */
const CLICK_AFTER_DRAG_MS = 200;

/** What a board tells a screen reader, in its own words. */
export interface BoardWords {
  /** The board's name, e.g. "Task board". */
  label: string;
  /** What the keyboard does, read when a card gets focus. */
  instructions: string;
  /** A card's name from its drag data. */
  nameOf: (data: unknown) => string;
  /** Where a card would land, from the drop target's data. */
  whereOf: (data: unknown) => string;
  /** A drop target in general, e.g. "a stage". */
  anywhere: string;
}

/**
 * The drag state every board keeps: the card being dragged (for the copy under the pointer)
 * and the moment the last drag ended, so that the click ending it does not open the card.
 */
export function useBoardDrag<T>(onOpen: (item: T) => void) {
  const [dragged, setDragged] = useState<T | null>(null);
  const lastDragEnd = useRef(0);
  const open = useCallback(
    (item: T) => {
      if (performance.now() - lastDragEnd.current < CLICK_AFTER_DRAG_MS) return;
      onOpen(item);
    },
    [onOpen],
  );
  const ended = useCallback(() => {
    setDragged(null);
    lastDragEnd.current = performance.now();
  }, []);
  return { dragged, setDragged, open, ended };
}

/**
 * A kanban board: columns scrolled sideways, cards dragged between them with the mouse
 * (after 3 px), a finger (after a press) or the keyboard (Space, arrows, Space), announced
 * to screen readers. The board's region is focusable: on a phone the columns scroll
 * sideways, and with no card to tab to the keyboard could not reach the columns off screen.
 */
export function KanbanBoard({
  words,
  keyboardCoordinates,
  collisionDetection,
  fill = false,
  onDragStart,
  onDragEnd,
  onDragCancel,
  overlay,
  children,
}: {
  words: BoardWords;
  keyboardCoordinates: KeyboardCoordinateGetter;
  collisionDetection: CollisionDetection;
  /** The board fills its parent's height, each column scrolling on its own. */
  fill?: boolean;
  onDragStart: (event: DragStartEvent) => void;
  onDragEnd: (event: DragEndEvent) => void;
  onDragCancel: () => void;
  /** The copy of the dragged card that follows the pointer. */
  overlay: ReactNode;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: ACTIVATION_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardCoordinates,
      keyboardCodes: BOARD_KEYBOARD_CODES,
    }),
  );
  const { nameOf, whereOf, anywhere } = words;
  const announcements = useMemo(
    (): Announcements => ({
      onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current)}.`,
      onDragOver: ({ active, over }) =>
        over
          ? `${nameOf(active.data.current)} is over ${whereOf(over.data.current)}.`
          : `${nameOf(active.data.current)} is no longer over ${anywhere}.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${nameOf(active.data.current)} was dropped in ${whereOf(over.data.current)}.`
          : `${nameOf(active.data.current)} was dropped where it was.`,
      onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled.`,
    }),
    [nameOf, whereOf, anywhere],
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: words.instructions },
      }}
    >
      <div
        className={classes.board}
        data-fill={fill || undefined}
        role="region"
        aria-label={words.label}
        tabIndex={0}
      >
        <div className={classes.columns}>{children}</div>
      </div>
      <DragOverlay className={classes.overlayLayer}>{overlay}</DragOverlay>
    </DndContext>
  );
}
