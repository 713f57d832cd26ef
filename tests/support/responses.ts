import { expect } from 'vitest';

/** The JSON body of a response, once its status is the one wanted (else the body shows). */
export async function ok<T = any>(
  res: Promise<{ statusCode: number; body: string; json: () => any }>,
  status = 200,
) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}
