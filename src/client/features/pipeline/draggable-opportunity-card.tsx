import { useDraggable } from '@dnd-kit/core';
import { memo, type KeyboardEvent } from 'react';
import type { Lead } from '../../../shared/pipeline.schema.ts';
import { OpportunityCard } from './opportunity-card.tsx';

/** What the board's drag handlers need to know about a card being dragged. */
export interface CardDragData {
  type: 'card';
  lead: Lead;
}

/**
 * A board card that can be picked up with the mouse (after 3 px), a finger (after a
 * press) or the keyboard (Space), and opened with a click or Enter. The card stays in
 * place, faded, while a copy follows the pointer (the board's DragOverlay).
 */
export const DraggableOpportunityCard = memo(function DraggableOpportunityCard({
  lead,
  onOpen,
}: {
  lead: Lead;
  onOpen: (lead: Lead) => void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: lead.id,
    data: { type: 'card', lead } satisfies CardDragData,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Space picks the card up (the sensor's start key); Enter opens it, as on a row.
    if (event.key === 'Enter' && !isDragging) {
      event.preventDefault();
      onOpen(lead);
      return;
    }
    listeners?.onKeyDown?.(event);
  };

  return (
    <OpportunityCard
      ref={setNodeRef}
      lead={lead}
      data-dragging={isDragging || undefined}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(lead)}
    />
  );
});
