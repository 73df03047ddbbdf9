import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStatsSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  approveUserRequestSchema,
  changeUserRoleRequestSchema,
  defaultApprovalRole,
  userIdParamsSchema,
} from '@deck-portal/domain';
import { requireAdmin } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { approveUser } from './approve-user.ts';
import { changeUserRole } from './change-user-role.ts';
import { declineUser } from './decline-user.ts';
import { getUserStats, listUsers } from './list-users.ts';
import { removeUser } from './remove-user.ts';

/** The admin portal's user management (DESIGN.md section 5a); administrators only. */
export async function adminUsersRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.get(
    '/api/admin/users',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => listUsers(services.db, request.query.status),
  );

  app.get(
    '/api/admin/stats',
    {
      onRequest: requireAdmin,
      schema: { tags, response: { 200: adminStatsSchema, ...apiErrorResponses } },
    },
    async () => getUserStats(services.db),
  );

  app.post(
    '/api/admin/users/:id/approve',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: userIdParamsSchema,
        // No body approves with the default role (SPEC.md section 5: sales_rep).
        body: approveUserRequestSchema.nullish(),
        response: { 200: adminUserResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      user: await approveUser(services, {
        actor: request.user!,
        userId: request.params.id,
        role: request.body?.role ?? defaultApprovalRole,
      }),
    }),
  );

  app.post(
    '/api/admin/users/:id/decline',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: z.object({}).nullish(),
        response: { 200: adminUserResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      user: await declineUser(services, { actor: request.user!, userId: request.params.id }),
    }),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: userIdParamsSchema,
        body: changeUserRoleRequestSchema,
        response: { 200: adminUserResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      user: await changeUserRole(services, {
        actor: request.user!,
        userId: request.params.id,
        role: request.body.role,
      }),
    }),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: userIdParamsSchema,
        response: { 200: adminUserResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      user: await removeUser(services, { actor: request.user!, userId: request.params.id }),
    }),
  );
}
