import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSignedIn } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { notifyAdminOfOwnSignUp } from './notify-admin.ts';

export async function notifyAdminRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/notify-admin',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['notifications'],
        // The spec's client sends {userEmail, userName, userRole}; the caller's own account is used.
        body: z.object({}).passthrough().optional(),
        response: {
          200: z.object({ ok: z.literal(true), notified: z.boolean() }),
          ...apiErrorResponses,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      notified: await notifyAdminOfOwnSignUp(services, request.user!),
    }),
  );
}
