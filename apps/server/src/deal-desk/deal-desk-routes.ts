import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dealDeskSettingsSchema } from '@deck-portal/domain';
import { requireAdmin, requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { loadDealDeskSettings, saveDealDeskSettings } from './deal-desk-settings.ts';

/**
 * The deal desk's settings: read by every approved user (the wizard warns of a price past the
 * rep's limit as it is typed), edited by admins at `/admin/deal-desk`.
 */
export async function dealDeskRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['deal desk'];
  const response = { 200: dealDeskSettingsSchema, ...apiErrorResponses };

  app.get(
    '/api/deal-desk',
    { onRequest: requireApproved(), schema: { tags, response } },
    async () => loadDealDeskSettings(services.db),
  );

  app.get(
    '/api/admin/deal-desk',
    { onRequest: requireAdmin, schema: { tags, response } },
    async () => loadDealDeskSettings(services.db),
  );

  app.put(
    '/api/admin/deal-desk',
    { onRequest: requireAdmin, schema: { tags, body: dealDeskSettingsSchema, response } },
    async (request) =>
      saveDealDeskSettings(services, { user: request.user!, settings: request.body }),
  );
}
