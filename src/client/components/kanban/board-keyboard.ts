import type { KeyboardCoordinateGetter, KeyboardSensorOptions } from '@dnd-kit/core';

/**
 * Keyboard dragging on the board: Space picks a card up and drops it, Escape cancels.
 * Enter also drops, but does not pick up: on a resting card it opens the record instead.
 */
export const BOARD_KEYBOARD_CODES: KeyboardSensorOptions['keyboardCodes'] = {
  start: ['Space'],
  cancel: ['Escape'],
  end: ['Space', 'Enter'],
};

/**
 * Left and right arrows carry a picked-up card to the neighbouring column (for boards whose
 * cards have no order within a column, like the pipeline's, up and down do nothing). The sensor scrolls the board
 * when the next column is out of view.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (direction === 0) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;

  const columns = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect && container.data.current?.type === 'column' ? [rect] : [];
    })
    .sort((a, b) => a.left - b.left);
  if (columns.length === 0) return undefined;

  const centre = collisionRect.left + collisionRect.width / 2;
  let current = columns.findIndex((rect) => centre >= rect.left && centre <= rect.right);
  if (current < 0) {
    // Between two columns (the gap): count from the nearest one.
    const distances = columns.map((rect) => Math.abs(rect.left + rect.width / 2 - centre));
    current = distances.indexOf(Math.min(...distances));
  }
  const target = columns[current + direction];
  if (!target) return undefined;
  return {
    x: target.left + (target.width - collisionRect.width) / 2,
    y: Math.max(target.top, collisionRect.top),
  };
};

type Rect = { top: number; left: number; width: number; height: number; bottom: number };

/**
 * For boards whose cards have an order within a column (tasks): left and right carry a
 * picked-up card to the neighbouring column as above; up and down move it one place within
 * its column, landing before the card it then covers, or at the column's end.
 */
export const orderedKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  if (event.code === 'ArrowLeft' || event.code === 'ArrowRight') {
    return columnKeyboardCoordinates(event, args);
  }
  const direction = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
  if (direction === 0) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers } = args.context;
  if (!collisionRect) return undefined;
  const centre = collisionRect.left + collisionRect.width / 2;
  // The other cards of the column under the card, top to bottom.
  const cards = droppableContainers
    .getEnabled()
    .flatMap((container): Rect[] => {
      const rect = droppableRects.get(container.id);
      return rect && container.data.current?.type === 'card' ? [rect] : [];
    })
    .filter((rect) => centre >= rect.left && centre <= rect.left + rect.width)
    .sort((a, b) => a.top - b.top);
  const y = collisionRect.top + 1;
  // Slot k is "before cards[k]"; slot cards.length is the column's end.
  const covering = cards.findIndex((rect) => y >= rect.top && y < rect.bottom);
  const slot = covering >= 0 ? covering : cards.filter((rect) => rect.top < y).length;
  const next = slot + direction;
  if (next < 0 || next > cards.length) return undefined;
  const last = cards[cards.length - 1];
  const top = next < cards.length ? cards[next]!.top : last ? last.bottom + 4 : collisionRect.top;
  return { x: collisionRect.left, y: top };
};
