import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientLinkPaths,
  requestViewerCodeResponseSchema,
  requestViewerCodeSchema,
  verifyViewerCodeSchema,
  viewerAccessSchema,
} from '@deck-portal/domain';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { viewerEmailCookieName } from './verify-viewer-proof.ts';
import { loadViewerAccess, requestViewerCode, verifyViewerCode } from './verify-viewer.ts';

const tokenParams = z.object({ token: z.string() });

/**
 * The e-mail step of a client link that asks who opens it (issue 51), under the link's API:
 * what the step needs, a code mailed, the code checked (the right one sets the cookie that
 * opens the link). Registered inside the client view's routes, so their headers (no referrer,
 * no index, no cache) hold here too.
 */
export async function verifyViewerRoutes(
  server: FastifyInstance,
  { services, isHttps }: { services: Services; isHttps: boolean },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['client view'];

  app.get(
    '/api/client-view/:token/viewer',
    {
      schema: {
        tags,
        params: tokenParams,
        response: { 200: viewerAccessSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      loadViewerAccess(services, {
        token: request.params.token,
        proof: request.cookies[viewerEmailCookieName],
        ip: request.ip,
      }),
  );

  app.post(
    '/api/client-view/:token/viewer/code',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        params: tokenParams,
        body: requestViewerCodeSchema,
        response: { 202: requestViewerCodeResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const sent = await requestViewerCode(services, {
        token: request.params.token,
        email: request.body.email,
        ip: request.ip,
      });
      return reply.code(202).send({ email: sent.email, expiresAt: sent.expiresAt.toISOString() });
    },
  );

  app.post(
    '/api/client-view/:token/viewer/verify',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        params: tokenParams,
        body: verifyViewerCodeSchema,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const verified = await verifyViewerCode(services, {
        token,
        email: request.body.email,
        code: request.body.code,
        ip: request.ip,
      });
      reply.setCookie(viewerEmailCookieName, verified.proof, {
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps,
        // Sent only with this link's own requests.
        path: clientLinkPaths.api(token),
        expires: verified.expiresAt,
      });
      return reply.code(204).send(null);
    },
  );
}
