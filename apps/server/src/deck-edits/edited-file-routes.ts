import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  editedFileSchema,
  generationStateSchema,
  libraryImportMaxBytes,
  libraryImportMessages,
  pptxContentTypes,
  saveEditedFileRequestSchema,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import type { ErrorRouteConfig } from '../http/error-handler.ts';
import { acceptRawBodies, spooledBody } from '../http/raw-body.ts';
import { latestJobFor } from '../jobs/job-queue.ts';
import type { Services } from '../services.ts';
import { importFileName } from '../library/library-imports.ts';
import { loadEditedFile, saveEditedFile, startEditedFile, toEditedFile } from './edited-files.ts';

const params = z.object({ id: z.string() });
const fileParams = params.extend({ fileId: z.string().max(64) });
/** How far the reading job is, as it reports it. */
const readProgress = z.object({ done: z.number().int(), total: z.number().int() });

/** "Upload edited PowerPoint" (issue 49): a deck's own file, changed, brought back as its next version. */
export async function editedFileRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['deck editor'];
  const approved = requireApproved();

  // The file comes as the raw body, up to 100 MB, as a library import does.
  await app.register(async (uploads) => {
    uploads.addHook('onRoute', (route) => {
      const config: ErrorRouteConfig = { tooLargeMessage: libraryImportMessages.tooLarge };
      route.config = { ...(route.config as object), ...config } as typeof route.config;
    });
    acceptRawBodies(uploads, pptxContentTypes, { bodyLimit: libraryImportMaxBytes });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/decks/:id/edited-files',
      {
        onRequest: approved,
        schema: {
          tags,
          description:
            "Takes the deck's PowerPoint file as edited (the raw body; its name as `?name=` or `X-File-Name`) and reads it on a worker: answers 202, then GET it until it is ready with the comparison or failed with why.",
          params,
          querystring: z.object({ name: z.string().max(300).optional() }),
          response: { 202: editedFileSchema, ...apiErrorResponses },
        },
      },
      async (request, reply) => {
        const file = spooledBody(request.body);
        if (!file) {
          throw new AppError('validation_failed', libraryImportMessages.notPptx, { status: 415 });
        }
        const started = await startEditedFile(services, {
          user: request.user!,
          deckId: request.params.id,
          fileName: importFileName(request.query.name ?? request.headers['x-file-name']),
          file,
        });
        return reply.code(202).send(started);
      },
    );
  });

  app.get(
    '/api/decks/:id/edited-files/:fileId',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          'A file brought back: reading, ready (slides added, removed, moved and changed; figures that differ from the quote) or failed with why.',
        params: fileParams,
        response: { 200: editedFileSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const { row } = await loadEditedFile(services, {
        user: request.user!,
        deckId: request.params.id,
        fileId: request.params.fileId,
      });
      const job = row.state === 'reading' ? await latestJobFor(services.db, row.id) : undefined;
      const progress = readProgress.safeParse(job?.progress);
      return toEditedFile(row, progress.success ? progress.data : undefined);
    },
  );

  app.post(
    '/api/decks/:id/edited-files/:fileId/versions',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          "Queues the file as the deck's next version (202, followed like Modify → Generate): its figures the file's (a changed price goes to the deal desk) or the quote's.",
        params: fileParams,
        body: saveEditedFileRequestSchema,
        response: { 202: generationStateSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const { queued } = await saveEditedFile(services, {
        user: request.user!,
        deckId: request.params.id,
        fileId: request.params.fileId,
        request: request.body,
      });
      return reply.code(202).send(queued);
    },
  );
}
