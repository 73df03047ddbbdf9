import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientLinkAnalyticsSchema,
  clientLinkResponseSchema,
  clientLinksResponseSchema,
  createClientLinkRequestSchema,
  createClientLinkResponseSchema,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { createClientLink } from './create-client-link.ts';
import { getLinkAnalytics } from './get-link-analytics.ts';
import { listClientLinks } from './list-client-links.ts';
import { revokeClientLink } from './revoke-client-link.ts';

const deckParams = z.object({ id: z.string() });
const linkParams = deckParams.extend({ linkId: z.string() });

/** The rep's side of client links: only the deck's owner, managers and admins (404 to others). */
export async function clientLinkRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['client links'];
  const approved = requireApproved();

  app.post(
    '/api/decks/:id/client-links',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckParams,
        body: createClientLinkRequestSchema,
        response: { 201: createClientLinkResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await createClientLink(services, {
        user: request.user!,
        deckId: request.params.id,
        input: request.body,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/decks/:id/client-links',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckParams,
        response: { 200: clientLinksResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      listClientLinks(services, { user: request.user!, deckId: request.params.id }),
  );

  app.post(
    '/api/decks/:id/client-links/:linkId/revoke',
    {
      onRequest: approved,
      schema: {
        tags,
        params: linkParams,
        body: z.object({}).nullish(),
        response: { 200: clientLinkResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      link: await revokeClientLink(services, {
        user: request.user!,
        deckId: request.params.id,
        linkId: request.params.linkId,
      }),
    }),
  );

  app.get(
    '/api/decks/:id/client-links/:linkId/analytics',
    {
      onRequest: approved,
      schema: {
        tags,
        params: linkParams,
        response: { 200: clientLinkAnalyticsSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      getLinkAnalytics(services, {
        user: request.user!,
        deckId: request.params.id,
        linkId: request.params.linkId,
      }),
  );
}
