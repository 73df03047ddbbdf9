import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markNotificationReadResponseSchema,
  notificationIdParamsSchema,
  userNotificationsResponseSchema,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { listUserNotifications } from './list-user-notifications.ts';
import { markUserNotificationRead } from './mark-user-notification-read.ts';

/** Every approved user's own notifications (a client opened one of their links, …). */
export async function userNotificationsRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const approved = requireApproved();

  app.get(
    '/api/notifications',
    {
      onRequest: approved,
      schema: { tags, response: { 200: userNotificationsResponseSchema, ...apiErrorResponses } },
    },
    async (request) => listUserNotifications(services.db, { userId: request.user!.id }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      onRequest: approved,
      schema: {
        tags,
        params: notificationIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: markNotificationReadResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      await markUserNotificationRead(services.db, {
        userId: request.user!.id,
        notificationId: request.params.id,
      });
      return { success: true };
    },
  );
}
