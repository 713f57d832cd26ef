import { expect } from 'vitest';

type Response = { statusCode: number; body: string; json: () => any };

/** The JSON body of a response, once its status is the one wanted (else the body shows). */
export async function ok<T = any>(res: Response | Promise<Response>, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}
