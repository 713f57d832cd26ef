import {
  LoginInputSchema,
  LoginResultSchema,
  MeSchema,
  SignedInResultSchema,
  SignupInputSchema,
  SignupResultSchema,
} from '../../../shared/auth.schema.ts';
import {
  ForgotPasswordInputSchema,
  ForgotPasswordResultSchema,
  ResetPasswordInputSchema,
} from '../../../shared/password-reset.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { LoginTwoFactorSchema } from '../../../shared/two-factor.schema.ts';
import { authedProcedure, publicProcedure, rateLimitedProcedure, router } from '../../trpc/init.ts';
import * as auth from './auth.service.ts';
import { completeTwoFactorSignIn } from './two-factor.ts';
import * as passwordReset from './password-reset.service.ts';

export const authRouter = router({
  signup: rateLimitedProcedure
    .input(SignupInputSchema)
    .output(SignupResultSchema)
    .mutation(({ ctx, input }) => auth.signup(ctx, input)),
  login: rateLimitedProcedure
    .input(LoginInputSchema)
    .output(LoginResultSchema)
    .mutation(({ ctx, input }) => auth.login(ctx, input)),
  loginTwoFactor: rateLimitedProcedure
    .input(LoginTwoFactorSchema)
    .output(SignedInResultSchema)
    .mutation(({ ctx, input }) => completeTwoFactorSignIn(ctx, input.code)),
  logout: publicProcedure.output(SuccessSchema).mutation(({ ctx }) => auth.logout(ctx)),
  me: authedProcedure.output(MeSchema).query(({ ctx }) => auth.me(ctx, ctx.identity)),
  forgotPassword: rateLimitedProcedure
    .input(ForgotPasswordInputSchema)
    .output(ForgotPasswordResultSchema)
    .mutation(({ ctx, input }) => passwordReset.requestPasswordReset(ctx, input)),
  resetPassword: rateLimitedProcedure
    .input(ResetPasswordInputSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => passwordReset.resetPassword(ctx, input)),
});
