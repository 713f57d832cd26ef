import { z } from 'zod';
import { IdSchema } from '../../shared/ids.ts';
import { SuccessSchema } from '../../shared/success.schema.ts';
import type { workspaceProcedure } from './init.ts';

/** A workspace procedure, or one narrowed to some roles (requireRole). */
type WorkspaceProcedure = typeof workspaceProcedure;
/** What a workspace procedure's resolver is given as `ctx`. */
type WorkspaceCtx = Parameters<Parameters<WorkspaceProcedure['mutation']>[0]>[0]['ctx'];

/**
 * The `create`, `update` and `delete` of one kind of workspace row, as every list's API has
 * them: create takes the input and answers the row; update takes `{ id, ...changes }` and
 * answers the row; delete takes `{ id }` and answers `{ success: true }`. Spread into a
 * router, so that every list's API (and the REST paths over it) stays one shape.
 */
export function rowProcedures<In extends z.ZodType, Up extends z.ZodType<{ id: number }>, Row>(
  procedure: WorkspaceProcedure,
  schemas: { input: In; update: Up; output: z.ZodType<Row> },
  service: {
    create(ctx: WorkspaceCtx, values: z.output<In>): Promise<Row>;
    update(ctx: WorkspaceCtx, id: number, changes: Omit<z.output<Up>, 'id'>): Promise<Row>;
    remove(ctx: WorkspaceCtx, id: number): Promise<{ success: true }>;
  },
) {
  // tRPC types a parsed input through a condition it cannot settle for a schema not known
  // yet; the signature above ties the services to the schemas the caller passes.
  return {
    create: procedure
      .input(schemas.input)
      .output(schemas.output)
      .mutation(({ ctx, input }) => service.create(ctx, input as z.output<In>)),
    update: procedure
      .input(schemas.update)
      .output(schemas.output)
      .mutation(({ ctx, input }) => {
        const { id, ...changes } = input as z.output<Up>;
        return service.update(ctx, id, changes);
      }),
    delete: rowMutation(procedure, SuccessSchema, service.remove),
  };
}

const ById = z.object({ id: IdSchema });

/** A read of one workspace row (or of what it makes, a PDF) named by `{ id }`. */
export function rowQuery<Out>(
  procedure: WorkspaceProcedure,
  output: z.ZodType<Out>,
  read: (ctx: WorkspaceCtx, id: number) => Promise<Out>,
) {
  return procedure
    .input(ById)
    .output(output)
    .query(({ ctx, input }) => read(ctx, input.id));
}

/** An action on one workspace row named by `{ id }` (send it, issue it, convert it). */
export function rowMutation<Out>(
  procedure: WorkspaceProcedure,
  output: z.ZodType<Out>,
  act: (ctx: WorkspaceCtx, id: number) => Promise<Out>,
) {
  return procedure
    .input(ById)
    .output(output)
    .mutation(({ ctx, input }) => act(ctx, input.id));
}
