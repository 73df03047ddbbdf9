import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

/** Whether the process is draining, and how many requests it is still answering. */
export type Lifecycle = {
  isShuttingDown: boolean;
  inFlight: number;
  /**
   * Aborted when the drain starts. A response that would stay open for as long as its client
   * listens (an event stream) ends then, instead of holding the exit until the timeout.
   */
  draining: AbortController;
};

export async function healthRoutes(
  app: FastifyInstance,
  { database, lifecycle }: { database: Database; lifecycle: Lifecycle },
) {
  const hide = { hide: true };
  app.get('/healthz', { schema: hide }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: hide }, async (_request, reply) => {
    if (lifecycle.isShuttingDown) {
      return reply.code(503).send({ status: 'shutting_down' });
    }
    if (!(await database.ping())) {
      return reply.code(503).send({ status: 'database_unavailable' });
    }
    return { status: 'ready' };
  });
}
