import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import {
  TimeEntryInputSchema,
  TimeEntryListQuerySchema,
  TimeEntryPageSchema,
  TimeEntrySchema,
  TimeEntryUpdateSchema,
  TimerSchema,
  TimerStartSchema,
  TimerUpdateSchema,
} from '../../../shared/time.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { listProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation } from '../../trpc/row-procedures.ts';
import { entryFor, pageFor } from '../rates/cost-visibility.ts';
import * as repo from './time.repository.ts';
import * as time from './time.service.ts';

export const timeRouter = router({
  list: listProcedure
    .input(TimeEntryListQuerySchema.prefault({}))
    .output(TimeEntryPageSchema)
    .query(async ({ ctx, input }) =>
      pageFor(ctx.role, await repo.listTimeEntries(ctx.db, ctx.workspace.id, input)),
    ),
  /** The entry's user is always the caller, never a field of the input. */
  create: workspaceProcedure
    .input(TimeEntryInputSchema)
    .output(TimeEntrySchema)
    .mutation(async ({ ctx, input }) => entryFor(ctx.role, await time.logTime(ctx, input))),
  update: workspaceProcedure
    .input(TimeEntryUpdateSchema)
    .output(TimeEntrySchema)
    .mutation(async ({ ctx, input: { id, ...values } }) =>
      entryFor(ctx.role, await time.updateEntry(ctx, id, values)),
    ),
  delete: rowMutation(workspaceProcedure, SuccessSchema, time.deleteEntry),
});

export const timerRouter = router({
  current: workspaceProcedure
    .output(TimerSchema.nullable())
    .query(({ ctx }) => repo.findTimer(ctx.db, ctx.workspace.id, ctx.user.id)),
  start: workspaceProcedure
    .input(TimerStartSchema)
    .output(TimerSchema)
    .mutation(({ ctx, input }) => time.startTimer(ctx, input)),
  update: workspaceProcedure
    .input(TimerUpdateSchema)
    .output(TimerSchema)
    .mutation(({ ctx, input }) => time.updateTimer(ctx, input)),
  pause: workspaceProcedure.output(TimerSchema).mutation(({ ctx }) => time.pauseTimer(ctx)),
  stop: workspaceProcedure
    .input(z.object({ date: IsoDateSchema }))
    .output(TimeEntrySchema.nullable())
    .mutation(async ({ ctx, input }) => {
      const entry = await time.stopTimer(ctx, input.date);
      return entry && entryFor(ctx.role, entry);
    }),
  discard: workspaceProcedure.output(SuccessSchema).mutation(({ ctx }) => time.discardTimer(ctx)),
});
