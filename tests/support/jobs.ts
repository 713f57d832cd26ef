import type { FastifyInstance } from 'fastify';

/**
 * Waits until the app's job queue has nothing due waiting or running: after an API call
 * that queues work (an email, say), the test then sees what the work did.
 */
export function waitForJobs(app: FastifyInstance, timeoutMs = 30_000): Promise<void> {
  return app.services.jobs.idle(timeoutMs);
}
