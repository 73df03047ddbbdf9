import type { FastifyInstance } from 'fastify';
import { isQuietPath } from './log-serializers.ts';

/**
 * One JSON line per request, written once it is answered: the method, the address (query and
 * link tokens left out by the `req` serializer), the status and the time taken. Probes and the
 * web app's files are left out: they would drown the log.
 */
export function logRequestsAsJson(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    if (isQuietPath(request.url)) return;
    const entry = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    // At info whatever the status: a failure is logged where it happens, at the level it
    // deserves (a database outage's 503s at warn, an unexpected error at error), once.
    request.log.info(entry, 'request completed');
  });
}
