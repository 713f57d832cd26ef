import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import { IdSchema } from '../../../shared/ids.ts';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import {
  TimeEntryInputSchema,
  TimeEntryListQuerySchema,
  TimeEntrySchema,
  TimeEntryUpdateSchema,
  TimerSchema,
} from '../../../shared/time.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { listProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import * as repo from './time.repository.ts';
import * as time from './time.service.ts';

type WorkspaceCtx = { workspace: { id: number }; user: { id: number }; role: WorkspaceRole };
const actor = (ctx: WorkspaceCtx) => ({
  workspaceId: ctx.workspace.id,
  userId: ctx.user.id,
  role: ctx.role,
});

export const timeRouter = router({
  list: listProcedure
    .input(TimeEntryListQuerySchema.prefault({}))
    .output(pageOf(TimeEntrySchema))
    .query(({ ctx, input }) => repo.listTimeEntries(ctx.db, ctx.workspace.id, input)),
  /** The entry's user is always the caller, never a field of the input. */
  create: workspaceProcedure
    .input(TimeEntryInputSchema)
    .output(TimeEntrySchema)
    .mutation(({ ctx, input }) => time.logTime(ctx.db, actor(ctx), input)),
  update: workspaceProcedure
    .input(TimeEntryUpdateSchema)
    .output(TimeEntrySchema)
    .mutation(({ ctx, input: { id, ...values } }) =>
      time.updateEntry(ctx.db, actor(ctx), id, values),
    ),
  delete: workspaceProcedure
    .input(z.object({ id: IdSchema }))
    .mutation(({ ctx, input }) => time.deleteEntry(ctx.db, actor(ctx), input.id)),
});

export const timerRouter = router({
  current: workspaceProcedure
    .output(TimerSchema.nullable())
    .query(({ ctx }) => repo.findTimer(ctx.db, ctx.workspace.id, ctx.user.id)),
  start: workspaceProcedure
    .input(z.object({ projectId: IdSchema }))
    .output(TimerSchema)
    .mutation(({ ctx, input }) => time.startTimer(ctx.db, actor(ctx), input.projectId)),
  pause: workspaceProcedure
    .output(TimerSchema)
    .mutation(({ ctx }) => time.pauseTimer(ctx.db, actor(ctx))),
  stop: workspaceProcedure
    .input(z.object({ date: IsoDateSchema }))
    .output(TimeEntrySchema.nullable())
    .mutation(({ ctx, input }) => time.stopTimer(ctx.db, actor(ctx), input.date)),
  discard: workspaceProcedure.mutation(({ ctx }) => time.discardTimer(ctx.db, actor(ctx))),
});
