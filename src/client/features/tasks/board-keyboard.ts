import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { columnKeyboardCoordinates } from '../pipeline/board-keyboard.ts';

type Rect = { top: number; left: number; width: number; height: number; bottom: number };

/**
 * Keyboard moves on the task board: left and right carry a picked-up card to the
 * neighbouring column (as on the pipeline); up and down move it one place within its
 * column, landing before the card it then covers, or at the column's end.
 */
export const taskKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
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
