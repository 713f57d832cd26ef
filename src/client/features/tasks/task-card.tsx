import { IconCalendar, IconFolder, IconUser } from '@tabler/icons-react';
import { memo, type ComponentPropsWithoutRef, type Ref } from 'react';
import type { Task } from '../../../shared/tasks.schema.ts';
import { showDay } from '../../components/display-preferences.tsx';
import { TaskHours } from './task-hours.tsx';
import kanban from '../../components/kanban/kanban.module.css';
import classes from './tasks.module.css';

type TaskCardProps = ComponentPropsWithoutRef<'div'> & {
  task: Task;
  overdue: boolean;
  /** The project's name is left out on a project's own board. */
  showProject: boolean;
  ref?: Ref<HTMLDivElement>;
};

/** A task on the board: title, project, assignee, due date (red when overdue) and hours. */
export const TaskCard = memo(function TaskCard({
  task,
  overdue,
  showProject,
  ref,
  className,
  ...others
}: TaskCardProps) {
  return (
    <div ref={ref} className={`${kanban.card} ${className ?? ''}`} {...others}>
      <div className={kanban.cardTitle}>{task.title}</div>
      {showProject && (
        <div className={kanban.cardMeta}>
          <IconFolder size={14} stroke={1.7} aria-hidden />
          <span>{task.project.name}</span>
        </div>
      )}
      <div className={kanban.cardMeta}>
        <IconUser size={14} stroke={1.7} aria-hidden />
        <span>{task.assignee?.fullName ?? 'Unassigned'}</span>
      </div>
      <div className={kanban.cardFooter}>
        {task.dueDate ? (
          <span
            className={`${kanban.cardMeta} ${classes.overdue}`}
            data-overdue={overdue || undefined}
          >
            <IconCalendar size={13} stroke={1.7} aria-hidden />
            <span>
              {overdue ? 'Overdue · ' : ''}
              {showDay(task.dueDate)}
            </span>
          </span>
        ) : (
          <span className={kanban.cardMeta}>No due date</span>
        )}
      </div>
      <TaskHours task={task} />
    </div>
  );
});
