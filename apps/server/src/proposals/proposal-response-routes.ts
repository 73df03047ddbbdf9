import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { proposalResponsesSchema } from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { sendDeckFile } from '../decks/send-deck-file.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { listProposalResponses } from './list-proposal-responses.ts';
import { locateAcceptanceCertificate } from './locate-acceptance-certificate.ts';

const params = z.object({ id: z.string() });

/**
 * The rep's side of a client's answers: every accept and decline of a deck, oldest first,
 * and the accepted PDF with its certificate. Whoever may view the deck may read them.
 */
export async function proposalResponseRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['proposal responses'];
  const approved = requireApproved();

  app.get(
    '/api/decks/:id/proposal-responses',
    {
      onRequest: approved,
      schema: {
        tags,
        params,
        response: { 200: proposalResponsesSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      responses: await listProposalResponses(services, {
        user: request.user!,
        deckId: request.params.id,
      }),
    }),
  );

  app.get(
    '/api/decks/:id/proposal-responses/:responseId/certificate.pdf',
    {
      onRequest: approved,
      schema: { tags, params: params.extend({ responseId: z.string() }) },
    },
    async (request, reply) => {
      const file = await locateAcceptanceCertificate(services, {
        user: request.user!,
        deckId: request.params.id,
        responseId: request.params.responseId,
      });
      return sendDeckFile(services, reply, file);
    },
  );
}
