import {
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { memo, useCallback, useMemo, type KeyboardEvent } from 'react';
import type { Task, TaskStatus } from '../../../shared/tasks.schema.ts';
import { orderedKeyboardCoordinates } from '../../components/kanban/board-keyboard.ts';
import {
  KanbanBoard,
  useBoardDrag,
  type BoardWords,
} from '../../components/kanban/kanban-board.tsx';
import { KanbanColumn } from '../../components/kanban/kanban-column.tsx';
import kanban from '../../components/kanban/kanban.module.css';
import { TaskCard } from './task-card.tsx';
import { groupByStatus, isOverdue } from './task-view.ts';

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
  const { dragged, setDragged, open, ended } = useBoardDrag(onOpen);

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragged(dragDataOf(active.data.current)?.task ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    ended();
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

  const words = useMemo(
    (): BoardWords => ({
      label: 'Task board',
      instructions:
        'Press Enter to open this task. To move it, press Space, use the left and right arrow keys to change its status and the up and down arrow keys to change its place, then press Space again to drop it or Escape to cancel.',
      nameOf: (data) => dragDataOf(data)?.task.title ?? 'Task',
      whereOf: (data) => {
        const drop = dropDataOf(data);
        if (!drop) return 'a status';
        if (drop.type === 'column') return drop.status.label;
        return `${statuses.find((s) => s.key === drop.task.status)?.label ?? 'a status'}, before ${drop.task.title}`;
      },
      anywhere: 'a status',
    }),
    [statuses],
  );

  return (
    <KanbanBoard
      words={words}
      keyboardCoordinates={orderedKeyboardCoordinates}
      collisionDetection={detectDrop}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      overlay={
        dragged ? (
          <TaskCard
            task={dragged}
            overdue={isOverdue(dragged, today, doneKeys)}
            showProject={showProject}
            className={kanban.overlay}
          />
        ) : null
      }
    >
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
    </KanbanBoard>
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
  return (
    <KanbanColumn
      dropId={`status:${status.key}`}
      dropData={{ type: 'column', status } satisfies ColumnData}
      headingId={`task-status-column-${status.id}`}
      headingOrder={3}
      label={status.label}
      color={status.color}
      count={tasks.length}
      countLabel={`${tasks.length} tasks`}
      emptyText="Drop tasks here"
      data-status={status.key}
    >
      {tasks.map((task) => (
        <DraggableTaskCard
          key={task.id}
          task={task}
          overdue={isOverdue(task, today, doneKeys)}
          showProject={showProject}
          onOpen={onOpen}
        />
      ))}
    </KanbanColumn>
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
      // Named by all the card shows, title first.
      aria-roledescription="Draggable task"
      onKeyDown={onKeyDown}
      onClick={() => onOpen(task)}
    />
  );
});
