import type { KeyboardCoordinateGetter, KeyboardSensorOptions } from '@dnd-kit/core';

/**
 * Keyboard dragging on the board: Space picks a card up and drops it, Escape cancels.
 * Enter also drops, but does not pick up: on a resting card it opens the deal instead.
 */
export const BOARD_KEYBOARD_CODES: KeyboardSensorOptions['keyboardCodes'] = {
  start: ['Space'],
  cancel: ['Escape'],
  end: ['Space', 'Enter'],
};

/**
 * Left and right arrows carry a picked-up card to the neighbouring column (cards have no
 * order within a stage, so up and down have nothing to do). The sensor scrolls the board
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
