import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxResponseSchema } from '@deck-portal/domain';
import { requireAdmin } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { listOutbox } from './list-outbox.ts';

/** `GET /api/admin/outbox`: the mails the portal sent or holds, newest first. */
export async function outboxRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/outbox',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        response: { 200: outboxResponseSchema, ...apiErrorResponses },
      },
    },
    async (_request, reply) => {
      // The texts may hold private links: never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return listOutbox(services);
    },
  );
}
