import { z } from 'zod';

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

export const INVALID_CODE = 'Invalid verification code';
const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';

/**
 * A code from the authenticator app: six digits. Apps show them as "123 456", so spaces
 * are dropped before the check.
 */
export const AuthenticatorCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .max(20, CODE_REQUIRED)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_REQUIRED));

/** An authenticator code or one of the recovery codes (the server tells them apart). */
export const VerificationCodeSchema = z
  .string({ error: 'Verification code is required' })
  .trim()
  .min(1, 'Verification code is required')
  .max(64, INVALID_CODE)
  .meta({ description: 'The 6-digit code of the authenticator app, or a recovery code.' });

/**
 * POST /api/account/two-factor/enable: the first code proves the app holds the secret.
 * Every other session ends then; the API tokens only when asked.
 */
export const TwoFactorEnableSchema = z.object({
  code: AuthenticatorCodeSchema,
  revokeApiTokens: z
    .boolean({ error: 'revokeApiTokens must be true or false' })
    .default(false)
    .meta({
      description:
        'Also revoke every API token of the account (they were made with the password alone). Default false: the tokens are kept.',
    }),
});

/** POST /api/account/two-factor/disable: the password and a code, both. */
export const TwoFactorDisableSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is incorrect'),
  code: VerificationCodeSchema,
});

/** POST /api/auth/login/two-factor: the second step of a sign-in. */
export const LoginTwoFactorSchema = z.object({ code: VerificationCodeSchema });

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z
    .number()
    .meta({ description: 'Unused recovery codes (0 while two-factor sign-in is off).' }),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z.object({
  secret: z.string().meta({ description: 'Base32, for typing into the app by hand.' }),
  otpauthUrl: z.string().meta({ description: 'The `otpauth://totp/…` URL the QR code holds.' }),
  qrCode: z.string().meta({ description: 'The QR code as an SVG `data:` URL.' }),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const RecoveryCodesSchema = z.object({
  recoveryCodes: z
    .array(z.string())
    .length(RECOVERY_CODE_COUNT)
    .meta({ description: 'Shown this once; each signs in once in place of a code.' }),
});

/** What turning two-factor sign-in on answers: the recovery codes, and what it ended. */
export const TwoFactorEnabledSchema = RecoveryCodesSchema.extend({
  otherSessionsEnded: z
    .number()
    .meta({ description: 'Sessions of the account on other devices, signed out now.' }),
  apiTokensRevoked: z
    .number()
    .meta({ description: 'API tokens revoked (0 unless `revokeApiTokens` was true).' }),
});
