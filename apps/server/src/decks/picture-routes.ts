import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deckDraftSchema,
  deckPreflightSchema,
  pictureCheckRequestSchema,
  pictureCheckSchema,
  textCheckRequestSchema,
  textCheckSchema,
} from '@deck-portal/domain';
import { charactersTheFontLacks } from '@deck-portal/deck-engine/library';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { checkOne, preflightDraft } from './draft-pictures.ts';

/**
 * Checks a rep can run before generating: one picture or the characters of a text as they enter
 * them, the whole draft on step 4.
 */
export async function pictureRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['decks'];
  const approved = requireApproved();

  app.post(
    '/api/pictures/check',
    {
      onRequest: approved,
      schema: {
        tags,
        body: pictureCheckRequestSchema,
        response: { 200: pictureCheckSchema, ...apiErrorResponses },
      },
    },
    async (request) => checkOne(services, request.user!, request.body.url),
  );

  app.post(
    '/api/text/check',
    {
      onRequest: approved,
      schema: {
        tags,
        body: textCheckRequestSchema,
        response: { 200: textCheckSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({ missing: charactersTheFontLacks(request.body.texts) }),
  );

  app.post(
    '/api/decks/preflight',
    {
      onRequest: approved,
      schema: {
        tags,
        body: deckDraftSchema,
        response: { 200: deckPreflightSchema, ...apiErrorResponses },
      },
    },
    async (request) => preflightDraft(services, { user: request.user!, draft: request.body }),
  );
}
