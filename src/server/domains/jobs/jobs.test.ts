import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import type { AppServices } from '../../trpc/context.ts';
import { createJobs, type Jobs, type QueueDefinition } from './jobs.ts';

type Queue<Data extends object = object> = QueueDefinition<AppServices, Data>;

/** A queue of the test's own: what it was given, and whether it should fail. */
function probeQueue(name: string, failures: number) {
  const seen: string[] = [];
  let failuresLeft = failures;
  const definition: Queue<{ value: string }> = {
    name,
    retryLimit: 1,
    retryDelaySeconds: 1,
    async handle(_services, data) {
      seen.push(data.value);
      if (failuresLeft-- > 0) throw new Error(`refused ${data.value}`);
    },
  };
  return { definition, seen };
}

describe('background jobs', () => {
  let t: TestApp;
  let jobs: Jobs;
  const ok = probeQueue('probe-ok', 0);
  const failing = probeQueue('probe-failing', 2);

  beforeAll(async () => {
    t = await createTestApp();
    jobs = createJobs({
      db: t.db,
      config: t.app.services.config,
      log: t.app.log,
      queues: [ok.definition, failing.definition] as Queue<never>[],
      services: () => t.app.services,
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await t.close();
  });

  it('runs a job once', async () => {
    const id = await jobs.send('probe-ok', { value: 'one' });
    expect(id).toEqual(expect.any(String));
    await jobs.idle();
    expect(ok.seen).toEqual(['one']);
    expect((await jobs.states()).find((q) => q.name === 'probe-ok')).toEqual({
      name: 'probe-ok',
      waiting: 0,
      active: 0,
      failed: 0,
    });
  });

  it('queues a job sent in a transaction only if the transaction commits', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await jobs.send('probe-ok', { value: 'rolled back' }, { db: trx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await t.db.transaction().execute(async (trx) => {
      await jobs.send('probe-ok', { value: 'committed' }, { db: trx });
    });
    await jobs.idle();
    expect(ok.seen).toEqual(['one', 'committed']);
  });

  it('retries a failing job, then shows it failed, and runs it again when retried', async () => {
    await jobs.send('probe-failing', { value: 'x' });
    // One attempt and one retry, both refused: then it stays failed.
    await expect.poll(async () => (await jobs.failed()).length, { timeout: 20_000 }).toBe(1);
    expect(failing.seen).toEqual(['x', 'x']);
    const [failed] = await jobs.failed();
    expect(failed).toMatchObject({ queue: 'probe-failing', error: 'refused x', attempts: 2 });
    expect((await jobs.states()).find((q) => q.name === 'probe-failing')?.failed).toBe(1);

    expect(await jobs.retry('probe-failing', '00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(await jobs.retry('probe-ok', failed!.id)).toBe(false);
    expect(await jobs.retry('probe-failing', failed!.id)).toBe(true);
    await expect.poll(async () => failing.seen.length, { timeout: 20_000 }).toBe(3);
    await jobs.idle();
    expect(await jobs.failed()).toEqual([]);
  });

  it('runs periodic work round after round, on one of two servers at a time', async () => {
    let running = 0;
    let overlapped = false;
    const rounds: number[] = [];
    const periodic: Queue = {
      name: 'probe-periodic',
      everySeconds: () => 1,
      async handle() {
        running++;
        if (running > 1) overlapped = true;
        rounds.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 300));
        running--;
      },
    };
    const config = { ...t.app.services.config, jobSchedules: true };
    // Two servers: each queues a first round at start, and the queue keeps one waiting.
    const servers = [1, 2].map(() =>
      createJobs({
        db: t.db,
        config,
        log: t.app.log,
        queues: [periodic],
        services: () => t.app.services,
      }),
    );
    for (const server of servers) await server.start();
    try {
      await expect.poll(() => rounds.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
      const [state] = await servers[0]!.states();
      expect(state!.waiting + state!.active).toBeLessThanOrEqual(2);
      expect(state!.failed).toBe(0);
    } finally {
      for (const server of servers) await server.stop();
    }
    expect(overlapped).toBe(false);
    // Past the start (where each server queues a first round, and the second may come right
    // after the first), each round queues the next for a second later.
    for (let i = 2; i < rounds.length; i++)
      expect(rounds[i]! - rounds[i - 1]!).toBeGreaterThanOrEqual(900);
  });
});
