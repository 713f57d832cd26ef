import { z } from 'zod';
import { DATE_FORMATS, TIME_FORMATS, WEEK_STARTS } from './account.schema.ts';
import { singleLine } from './text.schema.ts';

const allFields = 'All fields are required';

/** What the server accepts for sign-up; messages are the REST contract's. */
export const SignupInputSchema = z.object({
  fullName: singleLine('Full name', { error: allFields })
    .trim()
    .min(1, allFields)
    .max(100, 'Full name must be less than 100 characters'),
  email: z
    .string({ error: allFields })
    .trim()
    .min(1, allFields)
    .max(254, 'Email must be less than 254 characters')
    .pipe(z.email('Invalid email address')),
  password: z
    .string({ error: allFields })
    .min(1, allFields)
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
});
export type SignupInput = z.infer<typeof SignupInputSchema>;

/** Step 1 of the sign-up form (SPEC §5). */
export const SignupFormSchema = z.object({
  fullName: singleLine('Full name')
    .trim()
    .min(2, 'Please enter your full name')
    .max(100, 'Full name must be less than 100 characters'),
  email: z.string().trim().pipe(z.email('Please enter a valid work email address')),
  password: z.string().min(6, 'Password must be at least 6 characters').max(200),
});
export type SignupForm = z.infer<typeof SignupFormSchema>;

export const LoginInputSchema = z.object({
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(254)
    .pipe(z.email('Invalid email address')),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const PublicUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  fullName: z.string(),
});

/** POST /api/auth/signup: the new account, signed in. */
export const SignupResultSchema = z.object({ user: PublicUserSchema });

/** Signed in: POST /api/auth/login, or POST /api/auth/login/two-factor after it. */
export const SignedInResultSchema = z.object({
  success: z.literal(true),
  user: PublicUserSchema,
});

/**
 * POST /api/auth/login; a refusal answers `success: false` with the error. An account with
 * two-factor sign-in answers `twoFactorRequired` instead, not signed in yet: the code goes
 * to POST /api/auth/login/two-factor.
 */
export const LoginResultSchema = z.union([
  SignedInResultSchema,
  z.object({ twoFactorRequired: z.literal(true) }),
]);

/** The current user (SPEC §3 "Current user"); role is in the current workspace. */
export const MeSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  /**
   * This browser session is the user's first sign-in ever (sign-up, or an invitation's new
   * account): the dashboard says "Welcome", later sessions "Welcome back". False for an
   * API token.
   */
  firstSession: z.boolean(),
  /** How this user reads dates and times (src/shared/datetime.ts). */
  preferences: z.object({
    timezone: z.string(),
    dateFormat: z.enum(DATE_FORMATS),
    timeFormat: z.enum(TIME_FORMATS),
    weekStart: z.enum(WEEK_STARTS),
  }),
});
export type Me = z.infer<typeof MeSchema>;

/**
 * The machine-readable code of the refusal of a call whose session ended (or that carries
 * no session or a bad API token): REST answers 401 with `{error, code}`, tRPC puts `reason`
 * in the error's data. A wrong password or code is a 401 too, but without this code.
 */
export const NOT_AUTHENTICATED = 'NOT_AUTHENTICATED';
