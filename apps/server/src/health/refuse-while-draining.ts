import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './health-routes.ts';
import { isRefusedWhileDraining, sendServiceUnavailable } from './service-unavailable.ts';

/**
 * From the shutdown signal on, the listener stays open so that callers get an answer rather
 * than a refused or hanging connection: new API requests and client pages answer 503 with
 * Retry-After before any hook touches the database, and every response, including those of the
 * requests still in flight, ends its connection so that keep-alive clients go elsewhere.
 * `/healthz` and `/readyz` keep answering (alive, not ready).
 */
export function registerDrainingGuard(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onRequest', async (request, reply) => {
    if (lifecycle.isShuttingDown && isRefusedWhileDraining(request.url)) {
      return sendServiceUnavailable(request, reply);
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.isShuttingDown) reply.header('connection', 'close');
    return payload;
  });
}
