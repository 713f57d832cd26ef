import { useDroppable } from '@dnd-kit/core';
import { Badge, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { columnColor } from '../../../shared/column-colors.ts';
import classes from './kanban.module.css';

/**
 * One column of a kanban board: a section headed by its coloured label and card count,
 * optionally a summary line under them, then its cards, or `emptyText` when it has none.
 * The whole column is a drop target carrying `dropData`.
 */
export function KanbanColumn({
  dropId,
  dropData,
  headingId,
  headingOrder,
  label,
  color,
  count,
  countLabel,
  summary,
  emptyText,
  bodyRef,
  children,
  ...dataAttributes
}: {
  dropId: string;
  dropData: Record<string, unknown>;
  headingId: string;
  /** The heading's level: 2 on a page of its own, 3 under the page's section heading. */
  headingOrder: 2 | 3;
  label: string;
  color: string;
  count: number;
  /** What the count is read as, e.g. "3 tasks". */
  countLabel?: string;
  summary?: ReactNode;
  emptyText: string;
  /** The scrolling body, for a virtualised list of cards. */
  bodyRef?: Ref<HTMLDivElement>;
  children: ReactNode;
} & { [attribute: `data-${string}`]: string }) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId, data: dropData });
  const mantineColor = columnColor(color);
  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      data-over={isOver || undefined}
      aria-labelledby={headingId}
      style={{ '--column-color': `var(--mantine-color-${mantineColor}-filled)` } as CSSProperties}
      {...dataAttributes}
    >
      <Stack gap={4} className={classes.columnHeader}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={8} wrap="nowrap" miw={0}>
            <ColorSwatch color="var(--column-color)" size={10} withShadow={false} />
            <Text id={headingId} component={`h${headingOrder}`} fw={600} size="sm" truncate="end">
              {label}
            </Text>
          </Group>
          <Badge variant="light" color={mantineColor} size="sm" aria-label={countLabel}>
            {count}
          </Badge>
        </Group>
        {summary}
      </Stack>
      <div ref={bodyRef} className={classes.columnBody}>
        {count === 0 ? <div className={classes.emptyColumn}>{emptyText}</div> : children}
      </div>
    </section>
  );
}
