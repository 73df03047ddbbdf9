import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInviteRequestSchema,
  adminMessages,
  inviteUserRequestSchema,
  inviteUserResponseSchema,
  sessionResponseSchema,
} from '@deck-portal/domain';
import { requireAdmin } from '../auth/auth-hooks.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { inviteUser } from './invite-user.ts';

/** SPEC.md section 6's wording for a signed-in non-admin who tries to invite. */
async function requireAdminToInvite(request: FastifyRequest, reply: FastifyReply) {
  try {
    await requireAdmin(request, reply);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) {
      throw new AppError('forbidden', adminMessages.onlyAdminsCanInvite);
    }
    throw error;
  }
}

/** Real invitations: an admin invites, the invitee sets a password through the mailed link. */
export async function invitationRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const isHttps = services.config.publicUrl.startsWith('https://');

  app.post(
    '/api/admin/invitations',
    {
      onRequest: requireAdminToInvite,
      schema: {
        tags: ['admin'],
        body: inviteUserRequestSchema,
        response: { 201: inviteUserResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const invitation = await inviteUser(services, { actor: request.user!, input: request.body });
      return reply.code(201).send({ invitation });
    },
  );

  app.post(
    '/api/auth/accept-invite',
    {
      schema: {
        tags: ['auth'],
        body: acceptInviteRequestSchema,
        response: { 200: sessionResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const { user, token } = await acceptInvitation(services, { input: request.body });
      setSessionCookie(reply, isHttps, token);
      return { user: toSessionUser(user) };
    },
  );
}
