import { z } from 'zod';
import { NewPasswordSchema } from './account.schema.ts';

/** How long an emailed reset link works. */
export const RESET_LINK_MINUTES = 60;

/** The one answer to every reset request, whether or not an account has the email. */
export const FORGOT_PASSWORD_ANSWER =
  "If an account exists for that email, we've sent a link to reset your password.";

/** The refusal of a link that is unknown, expired or already used. */
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired';

/** POST /api/auth/forgot-password; the form sends the same. */
export const ForgotPasswordInputSchema = z.object({
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254, 'Email must be less than 254 characters')
    .pipe(z.email('Invalid email address')),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ForgotPasswordResultSchema = z.object({
  success: z.literal(true),
  message: z.string().meta({ description: 'The same whether or not an account has the email.' }),
});

/** POST /api/auth/reset-password: the link's token and the new password (SPEC §5 policy). */
export const ResetPasswordInputSchema = z.object({
  token: z
    .string({ error: INVALID_RESET_LINK })
    .max(200, INVALID_RESET_LINK)
    .meta({ description: 'The last part of the emailed link, `/reset-password/{token}`.' }),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** The reset form: the new password twice, under the same policy. */
export const ResetPasswordFormSchema = z
  .object({
    password: NewPasswordSchema,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;
