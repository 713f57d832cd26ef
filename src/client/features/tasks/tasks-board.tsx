import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import {
  memo,
  useCallback,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { Task, TaskStatus } from '../../../shared/tasks.schema.ts';
import { BOARD_KEYBOARD_CODES } from '../pipeline/board-keyboard.ts';
import { taskKeyboardCoordinates } from './board-keyboard.ts';
import { TaskCard } from './task-card.tsx';
import { groupByStatus, isOverdue, statusColor } from './task-view.ts';
import classes from './tasks.module.css';

/** A card starts moving after 3 px, so a click stays a click (as on the pipeline). */
const ACTIVATION_DISTANCE_PX = 3;
const TOUCH_DELAY_MS = 250;
const CLICK_AFTER_DRAG_MS = 200;
const NO_TASKS: readonly Task[] = [];

interface CardData {
  type: 'card';
  task: Task;
}
interface ColumnData {
  type: 'column';
  status: TaskStatus;
}
type DropData = CardData | ColumnData;

const dragDataOf = (data: unknown) => data as CardData | undefined;
const dropDataOf = (data: unknown) => data as DropData | undefined;

/**
 * Under the pointer, the card wins over its column (the task lands before that card). A
 * keyboard drag has no pointer: the card whose top part the dragged card covers wins (up
 * and down stop there), else the column it overlaps, whose end it lands at.
 */
const detectDrop: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  if (underPointer.length > 0) {
    const card = underPointer.find(
      (c) => dropDataOf(c.data?.droppableContainer.data.current)?.type === 'card',
    );
    return card ? [card] : underPointer;
  }
  const { collisionRect, droppableRects } = args;
  const y = collisionRect.top + 1;
  const centre = collisionRect.left + collisionRect.width / 2;
  const covered = args.droppableContainers.find((c) => {
    const rect = droppableRects.get(c.id);
    return (
      c.data.current?.type === 'card' &&
      rect !== undefined &&
      y >= rect.top &&
      y < rect.top + rect.height &&
      centre >= rect.left &&
      centre <= rect.left + rect.width
    );
  });
  if (covered) return [{ id: covered.id, data: { droppableContainer: covered, value: 0 } }];
  return rectIntersection({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) => c.data.current?.type === 'column'),
  });
};

/**
 * The task board: a column per workspace status, cards dragged between and within them
 * with the mouse, a finger or the keyboard (Space, arrows, Space). A drop on a card puts
 * the task before it; a drop on a column's free space puts it at the end.
 */
export function TasksBoard({
  statuses,
  tasks,
  today,
  showProject,
  onOpen,
  onMove,
}: {
  statuses: readonly TaskStatus[];
  tasks: readonly Task[];
  today: string;
  showProject: boolean;
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: string, beforeId: number | null) => void;
}) {
  const groups = useMemo(() => groupByStatus(tasks, statuses), [tasks, statuses]);
  const doneKeys = useMemo(
    () => new Set(statuses.filter((s) => s.isDone).map((s) => s.key)),
    [statuses],
  );
  const [dragged, setDragged] = useState<Task | null>(null);
  const lastDragEnd = useRef(0);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: ACTIVATION_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: taskKeyboardCoordinates,
      keyboardCodes: BOARD_KEYBOARD_CODES,
    }),
  );

  const open = useCallback(
    (task: Task) => {
      if (performance.now() - lastDragEnd.current < CLICK_AFTER_DRAG_MS) return;
      onOpen(task);
    },
    [onOpen],
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragged(dragDataOf(active.data.current)?.task ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    lastDragEnd.current = performance.now();
    const task = tasks.find((t) => t.id === active.id);
    const target = dropDataOf(over?.data.current);
    if (!task || !target) return;
    if (target.type === 'card') {
      if (target.task.id === task.id) return;
      onMove(task, target.task.status, target.task.id);
    } else if (target.status.key !== task.status) {
      onMove(task, target.status.key, null);
    }
  };

  const announcements = useMemo((): Announcements => {
    const nameOf = (data: unknown) => dragDataOf(data)?.task.title ?? 'Task';
    const whereOf = (data: unknown) => {
      const drop = dropDataOf(data);
      if (!drop) return 'a status';
      if (drop.type === 'column') return drop.status.label;
      return `${statuses.find((s) => s.key === drop.task.status)?.label ?? 'a status'}, before ${drop.task.title}`;
    };
    return {
      onDragStart: ({ active }) => `Picked up ${nameOf(active.data.current)}.`,
      onDragOver: ({ active, over }) =>
        over
          ? `${nameOf(active.data.current)} is over ${whereOf(over.data.current)}.`
          : `${nameOf(active.data.current)} is no longer over a status.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${nameOf(active.data.current)} was dropped in ${whereOf(over.data.current)}.`
          : `${nameOf(active.data.current)} was dropped where it was.`,
      onDragCancel: ({ active }) => `Moving ${nameOf(active.data.current)} was cancelled.`,
    };
  }, [statuses]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={detectDrop}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Press Enter to open this task. To move it, press Space, use the left and right arrow keys to change its status and the up and down arrow keys to change its place, then press Space again to drop it or Escape to cancel.',
        },
      }}
    >
      {/* Focusable: on a phone the columns scroll sideways, and with no card to tab to,
          the keyboard could not reach the columns off screen. */}
      <div className={classes.board} role="region" aria-label="Task board" tabIndex={0}>
        <div className={classes.columns}>
          {statuses.map((status) => (
            <StatusColumn
              key={status.id}
              status={status}
              tasks={groups.get(status.key) ?? NO_TASKS}
              today={today}
              doneKeys={doneKeys}
              showProject={showProject}
              onOpen={open}
            />
          ))}
        </div>
      </div>
      <DragOverlay className={classes.overlayLayer}>
        {dragged ? (
          <TaskCard
            task={dragged}
            overdue={isOverdue(dragged, today, doneKeys)}
            showProject={showProject}
            className={classes.overlay}
          />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

const StatusColumn = memo(function StatusColumn({
  status,
  tasks,
  today,
  doneKeys,
  showProject,
  onOpen,
}: {
  status: TaskStatus;
  tasks: readonly Task[];
  today: string;
  doneKeys: ReadonlySet<string>;
  showProject: boolean;
  onOpen: (task: Task) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: `status:${status.key}`,
    data: { type: 'column', status } satisfies ColumnData,
  });
  const color = statusColor(status.color);
  const headingId = `task-status-column-${status.id}`;
  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      data-over={isOver || undefined}
      data-status={status.key}
      aria-labelledby={headingId}
      style={{ '--status-color': `var(--mantine-color-${color}-filled)` } as CSSProperties}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.columnHeader}>
        <Group gap={8} wrap="nowrap" miw={0}>
          <ColorSwatch color="var(--status-color)" size={10} withShadow={false} />
          <Text id={headingId} component="h3" fw={600} size="sm" truncate="end">
            {status.label}
          </Text>
        </Group>
        <Badge variant="light" color={color} size="sm" aria-label={`${tasks.length} tasks`}>
          {tasks.length}
        </Badge>
      </Group>
      <div className={classes.columnBody}>
        {tasks.length === 0 ? (
          <div className={classes.emptyColumn}>Drop tasks here</div>
        ) : (
          tasks.map((task) => (
            <DraggableTaskCard
              key={task.id}
              task={task}
              overdue={isOverdue(task, today, doneKeys)}
              showProject={showProject}
              onOpen={onOpen}
            />
          ))
        )}
      </div>
    </section>
  );
});

const DraggableTaskCard = memo(function DraggableTaskCard({
  task,
  overdue,
  showProject,
  onOpen,
}: {
  task: Task;
  overdue: boolean;
  showProject: boolean;
  onOpen: (task: Task) => void;
}) {
  const drag = useDraggable({ id: task.id, data: { type: 'card', task } satisfies CardData });
  const drop = useDroppable({
    id: `task:${task.id}`,
    data: { type: 'card', task } satisfies CardData,
    disabled: drag.isDragging,
  });
  const { setNodeRef: setDragRef } = drag;
  const { setNodeRef: setDropRef } = drop;
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      setDragRef(node);
      setDropRef(node);
    },
    [setDragRef, setDropRef],
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !drag.isDragging) {
      event.preventDefault();
      onOpen(task);
      return;
    }
    drag.listeners?.onKeyDown?.(event);
  };
  return (
    <TaskCard
      ref={ref}
      task={task}
      overdue={overdue}
      showProject={showProject}
      data-dragging={drag.isDragging || undefined}
      data-drop-before={(drop.isOver && !drag.isDragging) || undefined}
      {...drag.attributes}
      {...drag.listeners}
      aria-roledescription="Draggable task"
      aria-label={`${task.title}${task.assignee ? `, ${task.assignee.fullName}` : ''}`}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(task)}
    />
  );
});
