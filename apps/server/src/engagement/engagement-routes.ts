import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deckEngagementSchema } from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { getDeckEngagement } from './get-deck-engagement.ts';

/** Per-product engagement of a deck over all its client links (a link's is in its analytics). */
export async function engagementRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/decks/:id/engagement',
    {
      onRequest: requireApproved(),
      schema: {
        tags: ['client links'],
        params: z.object({ id: z.string() }),
        response: { 200: deckEngagementSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      getDeckEngagement(services, { user: request.user!, deckId: request.params.id }),
  );
}
