import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookCreateSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryViewSchema,
  webhookEndpointsResponseSchema,
  webhookEndpointViewSchema,
  webhookParamsSchema,
  webhookUpdateSchema,
} from '@deck-portal/domain';
import { requireAdmin } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { listWebhookDeliveries, redeliverWebhook, sendTestWebhook } from './webhook-deliveries.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from './webhook-endpoints.ts';

const actorOf = (request: FastifyRequest) => ({ user: request.user! });

/** Webhooks (issue 51): admins register endpoints, read their delivery log, resend, test. */
export async function webhookRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];

  app.get(
    '/api/admin/webhooks',
    {
      onRequest: requireAdmin,
      schema: { tags, response: { 200: webhookEndpointsResponseSchema, ...apiErrorResponses } },
    },
    async () => ({ endpoints: await listWebhookEndpoints(services.db) }),
  );

  app.post(
    '/api/admin/webhooks',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        body: webhookCreateSchema,
        response: { 201: webhookEndpointViewSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const endpoint = await createWebhookEndpoint(services, {
        actor: actorOf(request),
        input: request.body,
      });
      return reply.code(201).send(endpoint);
    },
  );

  app.patch(
    '/api/admin/webhooks/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: webhookParamsSchema,
        body: webhookUpdateSchema,
        response: { 200: webhookEndpointViewSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      updateWebhookEndpoint(services, {
        actor: actorOf(request),
        id: request.params.id,
        change: request.body,
      }),
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: webhookParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(services, { actor: actorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/webhooks/:id/roll-secret',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: webhookParamsSchema,
        response: { 200: webhookEndpointViewSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      rollWebhookSecret(services, { actor: actorOf(request), id: request.params.id }),
  );

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: webhookParamsSchema,
        response: { 200: webhookDeliveriesResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      deliveries: await listWebhookDeliveries(services.db, { endpointId: request.params.id }),
    }),
  );

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliveryViewSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const delivery = await redeliverWebhook(services, {
        endpointId: request.params.id,
        deliveryId: request.params.deliveryId,
      });
      return reply.code(202).send(delivery);
    },
  );

  app.post(
    '/api/admin/webhooks/:id/test',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: webhookParamsSchema,
        response: { 202: webhookDeliveryViewSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestWebhook(services, { endpointId: request.params.id });
      return reply.code(202).send(delivery);
    },
  );
}
