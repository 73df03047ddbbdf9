import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid, proposalResponsesSchema } from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { proposalResponses } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import { deckFileDisposition } from '../decks/download-name.ts';
import { sendDeckFile } from '../decks/send-deck-file.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { acceptedPdfName, toProposalResponse } from './proposal-records.ts';

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
    async (request) => {
      const deck = await loadDeckFor(services, {
        user: request.user!,
        deckId: request.params.id,
        need: 'view',
        allowUnready: true,
      });
      const rows = await services.db
        .select()
        .from(proposalResponses)
        .where(eq(proposalResponses.deckId, deck.id))
        .orderBy(asc(proposalResponses.createdAt), asc(proposalResponses.id));
      return { responses: rows.map(toProposalResponse) };
    },
  );

  app.get(
    '/api/decks/:id/proposal-responses/:responseId/certificate.pdf',
    {
      onRequest: approved,
      schema: { tags, params: params.extend({ responseId: z.string() }) },
    },
    async (request, reply) => {
      const deck = await loadDeckFor(services, {
        user: request.user!,
        deckId: request.params.id,
        need: 'view',
        allowUnready: true,
      });
      const notFound = new AppError('not_found', 'No acceptance certificate with that id.');
      const { responseId } = request.params;
      if (!isUuid(responseId)) throw notFound;
      const [row] = await services.db
        .select({ deckId: proposalResponses.deckId, kind: proposalResponses.kind })
        .from(proposalResponses)
        .where(eq(proposalResponses.id, responseId));
      if (!row || row.deckId !== deck.id || row.kind !== 'accepted') throw notFound;
      return sendDeckFile(services, reply, {
        deckId: deck.id,
        name: acceptedPdfName(responseId),
        disposition: deckFileDisposition(`${deck.title} - accepted`, 'pdf'),
      });
    },
  );
}
