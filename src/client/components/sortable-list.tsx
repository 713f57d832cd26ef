import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, type CSSProperties, type ReactNode } from 'react';

/** SPEC §9: an item starts moving after 8 px, so a click on its handle stays a click. */
const ACTIVATION_DISTANCE_PX = 8;

/** Lists move up and down only. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * A vertical list reordered by dragging its rows' handles with a mouse, a finger or the
 * keyboard (Space, arrows, Space), each step announced to screen readers with the item's
 * name and position. The rows themselves use `useSortable` with their item's id; the list
 * answers where an item went as (from, to) indexes, and whoever owns the order saves it.
 */
export function SortableList<T>({
  items,
  idOf,
  noun,
  nameOf,
  onMove,
  children,
}: {
  items: readonly T[];
  /** The id each row gives `useSortable`. */
  idOf: (item: T) => UniqueIdentifier;
  /** What one item is called in the announcements, e.g. "stage", "rule", "field". */
  noun: string;
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: ACTIVATION_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map(idOf), [items, idOf]);

  const announcements = useMemo((): Announcements => {
    const name = (id: UniqueIdentifier) => {
      const item = items[ids.indexOf(id)];
      return `${noun} ${item ? nameOf(item) : ''}`.trim();
    };
    const position = (id: UniqueIdentifier) => `position ${ids.indexOf(id) + 1} of ${ids.length}`;
    return {
      onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over ? `${capitalise(name(active.id))} is over ${position(over.id)}.` : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? `${capitalise(name(active.id))} was dropped at ${position(over.id)}.`
          : `${capitalise(name(active.id))} was dropped.`,
      onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
    };
  }, [items, ids, noun, nameOf]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from < 0 || to < 0) return;
    onMove(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To move a ${noun}, press Space on its handle, use the up and down arrow keys, then press Space again to drop it or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/**
 * A row of a SortableList: the props of its box (moved while dragged, lifted above the
 * others) and of its handle (grabbed by a mouse, a finger or the keyboard).
 */
export function useSortableRow(id: UniqueIdentifier) {
  const sortable = useSortable({ id });
  const rowStyle: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative',
    zIndex: sortable.isDragging ? 1 : undefined,
    boxShadow: sortable.isDragging ? 'var(--mantine-shadow-md)' : undefined,
  };
  const handleStyle: CSSProperties = { cursor: 'grab', touchAction: 'none' };
  return {
    rowProps: { ref: sortable.setNodeRef, style: rowStyle },
    handleProps: {
      ref: sortable.setActivatorNodeRef,
      style: handleStyle,
      ...sortable.attributes,
      ...sortable.listeners,
    },
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
