import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertSettingsResponseSchema,
  alertSettingsSchema,
  alertsPaths,
  slackTestRequestSchema,
} from '@deck-portal/domain';
import { z } from 'zod';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { getAlertSettings, saveAlertSettings } from './alert-settings.ts';
import { sendSlackTest } from './send-slack-test.ts';

/** The signed-in user's own alerts: which, where, and a test post to Slack. */
export async function alertRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const approved = requireApproved();
  const response = { 200: alertSettingsResponseSchema, ...apiErrorResponses };

  app.get(
    alertsPaths.settings,
    { onRequest: approved, schema: { tags, response } },
    async (request) => getAlertSettings(services, { userId: request.user!.id }),
  );

  app.put(
    alertsPaths.settings,
    { onRequest: approved, schema: { tags, body: alertSettingsSchema, response } },
    async (request) =>
      saveAlertSettings(services, { userId: request.user!.id, settings: request.body }),
  );

  app.post(
    alertsPaths.slackTest,
    {
      onRequest: approved,
      schema: {
        tags,
        body: slackTestRequestSchema,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      await sendSlackTest(services, { user: request.user!, url: request.body.slackWebhookUrl });
      return reply.code(204).send(null);
    },
  );
}
