import type { FastifyInstance } from 'fastify';
import { findTextProblemIn, textProblemMessage } from '@deck-portal/domain';
import { AppError } from './app-error.ts';

/**
 * A net under the shared schemas: no string that the database cannot hold (a NUL byte, half a
 * surrogate pair, a control character) reaches a use case through any route, whether or not
 * its schema names the field. Runs after the route's guard and its schema (whose messages
 * name the field better), just before the handler.
 */
export function registerUnstorableTextGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    for (const value of [request.params, request.query, request.body]) {
      const found = findTextProblemIn(value);
      if (found) {
        const message = textProblemMessage(`The field ${found.path}`, found.problem);
        throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
          fields: { [found.path]: message },
        });
      }
    }
  });
}
