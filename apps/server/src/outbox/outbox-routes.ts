import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxResponseSchema } from '@deck-portal/domain';
import { requireAdmin } from '../auth/auth-hooks.ts';
import { deckFileDisposition } from '../decks/download-name.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { listOutbox } from './list-outbox.ts';
import { readOutboxAttachment } from './read-outbox-attachment.ts';

const attachmentParams = z.object({
  id: z.uuid({ error: 'Mail not found.' }),
  number: z.coerce.number().int().min(1).max(100),
});

/** `Content-Disposition` for a mail's file: its own name, made safe (a PDF unless it says PowerPoint). */
function attachmentDisposition(filename: string) {
  const extension = /\.pptx$/i.test(filename) ? 'pptx' : 'pdf';
  return deckFileDisposition(filename.replace(/\.(pdf|pptx)$/i, ''), extension);
}

/**
 * `GET /api/admin/outbox`: the mails the portal sent or holds, newest first; and
 * `GET /api/admin/outbox/:id/attachments/:number`: a file one was sent with.
 */
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

  app.get(
    '/api/admin/outbox/:id/attachments/:number',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], params: attachmentParams },
    },
    async (request, reply) => {
      const file = await readOutboxAttachment(services, {
        mailId: request.params.id,
        number: request.params.number,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(file.filename))
        .send(file.body);
    },
  );
}
