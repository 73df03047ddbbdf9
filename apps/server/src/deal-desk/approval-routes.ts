import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  approvalRequestSchema,
  approvalsQuerySchema,
  approvalsResponseSchema,
  decideApprovalSchema,
  deckApprovalSchema,
  requestApprovalSchema,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { AlreadyDecided, decideApproval } from './decide-approval.ts';
import { getDeckApproval } from './get-deck-approval.ts';
import { listApprovals } from './list-approvals.ts';
import { requestApproval } from './request-approval.ts';

const deckParams = z.object({ id: z.string() });
const requestParams = z.object({ requestId: z.string() });

/**
 * The approval of decks priced past their owner's limits: where a deck stands, the rep's
 * request, and the approvers' list and decision (managers and admins).
 */
export async function approvalRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['approvals'];
  const approvers = requireApproved('manager', 'admin');

  app.get(
    '/api/decks/:id/approval',
    {
      onRequest: requireApproved(),
      schema: {
        tags,
        params: deckParams,
        response: { 200: deckApprovalSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      getDeckApproval(services, { user: request.user!, deckId: request.params.id }),
  );

  app.post(
    '/api/decks/:id/approval-requests',
    {
      onRequest: requireApproved(),
      schema: {
        tags,
        params: deckParams,
        body: requestApprovalSchema,
        response: { 201: approvalRequestSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await requestApproval(services, {
        user: request.user!,
        deckId: request.params.id,
        note: request.body.note,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/approvals',
    {
      onRequest: approvers,
      schema: {
        tags,
        querystring: approvalsQuerySchema,
        response: { 200: approvalsResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => listApprovals(services, { user: request.user!, state: request.query.state }),
  );

  app.post(
    '/api/approvals/:requestId/decision',
    {
      onRequest: approvers,
      schema: {
        tags,
        description:
          'Approves or rejects a pending request. 409 with the request as it stands when it was decided already (another approver was first).',
        params: requestParams,
        body: decideApprovalSchema,
        response: {
          200: approvalRequestSchema,
          ...apiErrorResponses,
          409: apiErrorSchema.extend({ request: approvalRequestSchema.optional() }),
        },
      },
    },
    async (request, reply) => {
      try {
        return await decideApproval(services, {
          user: request.user!,
          requestId: request.params.requestId,
          decision: request.body,
        });
      } catch (error) {
        if (!(error instanceof AlreadyDecided)) throw error;
        return reply.code(409).send({
          error: { code: error.code, message: error.message },
          request: error.request,
        });
      }
    },
  );
}
