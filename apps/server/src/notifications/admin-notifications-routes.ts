import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNotificationsResponseSchema,
  markNotificationReadResponseSchema,
  notificationIdParamsSchema,
} from '@deck-portal/domain';
import { requireAdmin } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { listAdminNotifications } from './list-admin-notifications.ts';
import { markNotificationRead } from './mark-notification-read.ts';

/** SPEC.md section 7's `GET /admin-notifications` and `POST /admin-notifications/{id}/read`. */
export async function adminNotificationsRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  app.get(
    '/api/admin-notifications',
    {
      onRequest: requireAdmin,
      schema: { tags, response: { 200: adminNotificationsResponseSchema, ...apiErrorResponses } },
    },
    async () => listAdminNotifications(services.db),
  );

  app.post(
    '/api/admin-notifications/:id/read',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: notificationIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: markNotificationReadResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      await markNotificationRead(services, {
        actor: request.user!,
        notificationId: request.params.id,
      });
      return { success: true };
    },
  );
}
