import { generate } from 'otplib';

/*
 * Keel takes each authenticator code once (a code at or before the last step accepted is
 * refused), and accepts one 30-second step either way of the current one. A test that
 * uses several codes of one secret asks for each here: the next step not used yet, from
 * the current one (a code of the step before could expire while a page types it), waiting
 * for the clock only past two codes in 30 seconds.
 */
const STEP_SECONDS = 30;
const lastStep = new Map<string, number>();

export async function nextCode(secret: string): Promise<string> {
  const current = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const step = Math.max((lastStep.get(secret) ?? -Infinity) + 1, current());
  while (step > current() + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
  lastStep.set(secret, step);
  return generate({ secret, epoch: step * STEP_SECONDS });
}
