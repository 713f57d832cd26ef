import { z } from 'zod';
import { MemberSchema } from '../../../shared/team.schema.ts';
import { router, workspaceProcedure } from '../../trpc/init.ts';
import { listMembers } from './team.repository.ts';

export const teamRouter = router({
  /** Every member may read the list: assignee pickers use it. */
  members: workspaceProcedure
    .output(z.array(MemberSchema))
    .query(({ ctx }) => listMembers(ctx.db, ctx.workspace.id)),
});
