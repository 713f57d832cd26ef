import { z } from 'zod';
import {
  AccountSchema,
  ActiveSessionSchema,
  ApiTokenCreateSchema,
  ApiTokenIdSchema,
  ApiTokenSchema,
  NotificationsInputSchema,
  PasswordChangeSchema,
  PreferencesInputSchema,
  ProfileInputSchema,
  SessionIdSchema,
} from '../../../shared/account.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import {
  TwoFactorEnabledSchema,
  TwoFactorDisableSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../../../shared/two-factor.schema.ts';
import { authedProcedure, router, sessionProcedure } from '../../trpc/init.ts';
import * as repo from './account.repository.ts';
import * as account from './account.service.ts';
import * as twoFactor from './two-factor.service.ts';

export const accountRouter = router({
  profile: authedProcedure.output(AccountSchema).query(({ ctx }) => account.getAccount(ctx)),
  // The email and the password decide who can sign in: a browser session only, never a token.
  updateProfile: sessionProcedure
    .input(ProfileInputSchema)
    .output(AccountSchema)
    .mutation(({ ctx, input }) => account.updateProfile(ctx, input)),
  changePassword: sessionProcedure
    .input(PasswordChangeSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) =>
      account.changePassword(ctx, input.currentPassword, input.newPassword),
    ),
  updatePreferences: authedProcedure
    .input(PreferencesInputSchema)
    .output(AccountSchema)
    .mutation(async ({ ctx, input }) => {
      await repo.updateUser(ctx.db, ctx.user.id, input);
      return account.getAccount(ctx);
    }),
  updateNotifications: authedProcedure
    .input(NotificationsInputSchema)
    .output(AccountSchema)
    .mutation(async ({ ctx, input }) => {
      await repo.updateUser(ctx.db, ctx.user.id, input);
      return account.getAccount(ctx);
    }),
  /** Uploading a photo is multipart, a plain route (files.routes.ts); removing it is not. */
  removePhoto: authedProcedure.output(SuccessSchema).mutation(async ({ ctx }) => {
    await repo.updateUser(ctx.db, ctx.user.id, { profileImageUrl: null });
    return { success: true as const };
  }),
  sessions: authedProcedure
    .output(z.array(ActiveSessionSchema))
    .query(({ ctx }) => repo.listActiveSessions(ctx.db, ctx.user.id, ctx.req.session.sessionId)),
  // A leaked token must not be able to sign its owner out of the browser they would revoke it from.
  terminateSession: sessionProcedure
    .input(SessionIdSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => account.terminateSession(ctx, input.id)),
  terminateOtherSessions: sessionProcedure
    .output(SuccessSchema)
    .mutation(({ ctx }) => account.terminateOtherSessions(ctx)),
  apiTokens: authedProcedure
    .output(z.array(ApiTokenSchema))
    .query(({ ctx }) => repo.listApiTokens(ctx.db, ctx.user.id)),
  // A token minting tokens would outlive its own expiry and revocation.
  createApiToken: sessionProcedure
    .input(ApiTokenCreateSchema)
    .output(ApiTokenSchema.extend({ token: z.string() }))
    .mutation(({ ctx, input }) => account.createApiToken(ctx, input)),
  // Authed: a script may revoke its own token (the service refuses any other).
  revokeApiToken: authedProcedure
    .input(ApiTokenIdSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => account.revokeApiToken(ctx, input.id)),
  twoFactor: authedProcedure
    .output(TwoFactorStatusSchema)
    .query(({ ctx }) => twoFactor.status(ctx)),
  // How the account signs in: a browser session only, like the password.
  setupTwoFactor: sessionProcedure
    .output(TwoFactorSetupSchema)
    .mutation(({ ctx }) => twoFactor.setup(ctx)),
  enableTwoFactor: sessionProcedure
    .input(TwoFactorEnableSchema)
    .output(TwoFactorEnabledSchema)
    .mutation(({ ctx, input }) => twoFactor.enable(ctx, input)),
  disableTwoFactor: sessionProcedure
    .input(TwoFactorDisableSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => twoFactor.disable(ctx, input.password, input.code)),
});
