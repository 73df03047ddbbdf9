import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminApiTokensResponseSchema,
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenParamsSchema,
  apiTokensResponseSchema,
  apiTokenViewSchema,
} from '@deck-portal/domain';
import { requireAdmin, requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { sessionOnly } from './api-docs.ts';
import { createApiToken } from './create-api-token.ts';
import { listAllApiTokens, listOwnApiTokens } from './list-api-tokens.ts';
import { revokeApiToken } from './revoke-api-token.ts';

/**
 * Personal API tokens: every approved user makes, lists and revokes their own; administrators
 * list and revoke everyone's. Signed-in people only: a token cannot make or revoke tokens.
 */
export async function apiTokenRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['api tokens'];
  const approved = requireApproved();

  app.post(
    '/api/tokens',
    {
      onRequest: approved,
      schema: {
        tags,
        security: sessionOnly,
        description:
          'Makes a personal API token for the signed-in user and answers it once (`token`): only its SHA-256 is kept. Scopes limit the routes it reaches; `expiresInDays` is 7, 30, 90, 365 or null (until revoked).',
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(services, {
        user: request.user!,
        request: request.body,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/tokens',
    {
      onRequest: approved,
      schema: {
        tags,
        security: sessionOnly,
        description:
          "The signed-in user's tokens, newest first: name, first characters, scopes, dates; never the token.",
        response: { 200: apiTokensResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({ tokens: await listOwnApiTokens(services, { userId: request.user!.id }) }),
  );

  app.delete(
    '/api/tokens/:id',
    {
      onRequest: approved,
      schema: {
        tags,
        security: sessionOnly,
        description: "Revokes one of the signed-in user's tokens: its next request answers 401.",
        params: apiTokenParamsSchema,
        response: { 200: apiTokenViewSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      revokeApiToken(services, {
        actor: request.user!,
        tokenId: request.params.id,
        asAdmin: false,
      }),
  );

  app.get(
    '/api/admin/tokens',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: sessionOnly,
        description: "Every user's tokens with their owners, newest first (administrators).",
        response: { 200: adminApiTokensResponseSchema, ...apiErrorResponses },
      },
    },
    async () => ({ tokens: await listAllApiTokens(services) }),
  );

  app.delete(
    '/api/admin/tokens/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security: sessionOnly,
        description: "Revokes any user's token (administrators).",
        params: apiTokenParamsSchema,
        response: { 200: apiTokenViewSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      revokeApiToken(services, {
        actor: request.user!,
        tokenId: request.params.id,
        asAdmin: true,
      }),
  );
}
