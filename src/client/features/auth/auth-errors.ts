import { httpStatusOf, messageOf } from '../../trpc.ts';

export const LOGIN_FAILED = 'Login failed';

/**
 * SPEC §8 Login: a 401 means bad credentials; anything else is unexpected, except the
 * rate limit, whose own message tells the user to wait, and a deactivated account.
 */
export function loginErrorMessage(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === 401 || messageOf(error).includes('401')) {
    return 'Invalid email or password';
  }
  // 429: the wait; 403: a deactivated account (told only after its right password).
  if (status === 429 || status === 403) return messageOf(error);
  return 'An unexpected error occurred. Please try again.';
}

export const SIGNUP_FAILED = 'Setup failed';

/** SPEC §8 Signup: the server's message mapped to what the user reads. */
export function signupErrorMessage(error: unknown): string {
  const message = messageOf(error);
  if (message.includes('already exists')) {
    return 'An account with this email already exists. Please sign in instead.';
  }
  if (message.includes('All fields are required')) return 'Please fill in all required fields.';
  if (message.startsWith('Password must be')) return 'Password must be at least 6 characters long.';
  return 'Failed to create account. Please try again.';
}
