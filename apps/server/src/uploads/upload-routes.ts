import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadResponseSchema } from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { acceptPictureBodies, pictureBody } from './picture-body.ts';
import { pictureFileName } from './picture-name.ts';
import { loadUpload, openUpload, storeUpload } from './store-upload.ts';

/** Pictures a rep uploads for custom slides, and reading any upload back. */
export async function uploadRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['uploads'];
  const approved = requireApproved();
  acceptPictureBodies(app);

  app.post(
    '/api/uploads',
    {
      onRequest: approved,
      schema: { tags, response: { 201: uploadResponseSchema, ...apiErrorResponses } },
    },
    async (request, reply) => {
      const stored = await storeUpload(services, {
        user: request.user!,
        kind: 'slide_picture',
        picture: pictureBody(request.body),
        name: pictureFileName(request.headers['x-file-name']),
      });
      return reply.code(201).send(stored);
    },
  );

  app.get(
    '/api/uploads/:id',
    { onRequest: approved, schema: { tags, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const upload = await loadUpload(services, { id: request.params.id, viewer: request.user! });
      if (!upload) throw new AppError('not_found', 'Picture not found.');
      const file = await openUpload(services, upload);
      // An upload never changes: a new picture is a new upload with a new address.
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(file.body);
    },
  );
}
