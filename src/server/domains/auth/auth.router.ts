import { LoginInputSchema, MeSchema, SignupInputSchema } from '../../../shared/auth.schema.ts';
import { authedProcedure, publicProcedure, rateLimitedProcedure, router } from '../../trpc/init.ts';
import * as auth from './auth.service.ts';

export const authRouter = router({
  signup: rateLimitedProcedure
    .input(SignupInputSchema)
    .mutation(({ ctx, input }) => auth.signup(ctx, input)),
  login: rateLimitedProcedure
    .input(LoginInputSchema)
    .mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => auth.logout(ctx)),
  me: authedProcedure.output(MeSchema).query(({ ctx }) => auth.me(ctx, ctx.identity)),
});
