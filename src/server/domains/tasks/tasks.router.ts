import { z } from 'zod';
import { pageOf } from '../../../shared/list.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import {
  TaskInputSchema,
  TaskListQuerySchema,
  TaskMoveSchema,
  TaskSchema,
  TaskStatusInputSchema,
  TaskStatusSchema,
  TaskStatusUpdateSchema,
  TaskUpdateSchema,
} from '../../../shared/tasks.schema.ts';
import { listProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation } from '../../trpc/row-procedures.ts';
import * as repo from './tasks.repository.ts';
import * as tasks from './tasks.service.ts';

/** The workspace's task statuses (board columns). Every member reads them; managers change them. */
export const taskStatusesRouter = router({
  list: workspaceProcedure
    .output(z.array(TaskStatusSchema))
    .query(({ ctx }) => repo.listTaskStatuses(ctx.db, ctx.workspace.id)),
  create: workspaceProcedure
    .input(TaskStatusInputSchema)
    .output(TaskStatusSchema)
    .mutation(({ ctx, input }) => tasks.createTaskStatus(ctx, input)),
  update: workspaceProcedure
    .input(TaskStatusUpdateSchema)
    .output(TaskStatusSchema)
    .mutation(({ ctx, input }) => tasks.updateTaskStatus(ctx, input)),
  delete: rowMutation(workspaceProcedure, SuccessSchema, tasks.deleteTaskStatus),
});

/** Tasks on projects. Every member reads, creates and moves them (tasks.service.ts). */
export const tasksRouter = router({
  list: listProcedure
    .input(TaskListQuerySchema.prefault({}))
    .output(pageOf(TaskSchema))
    .query(({ ctx, input }) => tasks.listTasks(ctx, input)),
  create: workspaceProcedure
    .input(TaskInputSchema)
    .output(TaskSchema)
    .mutation(({ ctx, input }) => tasks.createTask(ctx, input)),
  update: workspaceProcedure
    .input(TaskUpdateSchema)
    .output(TaskSchema)
    .mutation(({ ctx, input: { id, ...values } }) => tasks.updateTask(ctx, id, values)),
  move: workspaceProcedure
    .input(TaskMoveSchema)
    .output(TaskSchema)
    .mutation(({ ctx, input }) => tasks.moveTask(ctx, input)),
  delete: rowMutation(workspaceProcedure, SuccessSchema, tasks.deleteTask),
});
