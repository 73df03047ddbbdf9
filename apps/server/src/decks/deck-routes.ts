import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allDecksQuerySchema,
  changeShareAccessRequestSchema,
  changeShareAccessResponseSchema,
  deckDetailsSchema,
  deckListResponseSchema,
  deckSharesResponseSchema,
  deckSlidesResponseSchema,
  deckVersionQuerySchema,
  deckVersionsResponseSchema,
  duplicateDeckRequestSchema,
  newVersionResponseSchema,
  versionNumberParamsSchema,
  okResponseSchema,
  preflightResponseSchema,
  recentDecksQuerySchema,
  shareRequestSchema,
  shareResponseSchema,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { sendDeckFile } from './send-deck-file.ts';
import { deleteDeck } from './delete-deck.ts';
import { setDeckArchived } from './archive-deck.ts';
import { listVersions } from './deck-versions.ts';
import { duplicateDeck } from './duplicate-deck.ts';
import { restoreVersion } from './restore-version.ts';
import { getDeckDetails } from './get-deck-details.ts';
import { listDecks, listRecentDecks } from './list-decks.ts';
import { changeShareAccess, listShares, revokeShare, shareDeck } from './share-deck.ts';
import { getDeckSlides } from './get-deck-slides.ts';
import { locateDeckDownload, locateSlidePicture } from './locate-deck-file.ts';
import { preflightDeckVersion } from './preflight-deck-version.ts';

const deckIdParams = z.object({ id: z.string() });

export async function deckRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['decks'];
  const approved = requireApproved();
  const seesAll = requireApproved('manager', 'admin');

  app.get(
    '/api/decks/:id/preflight',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams,
        querystring: deckVersionQuerySchema,
        response: { 200: preflightResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      preflightDeckVersion(services, {
        user: request.user!,
        deckId: request.params.id,
        version: request.query.version,
      }),
  );

  app.get(
    '/api/recent-decks',
    {
      onRequest: approved,
      schema: {
        tags,
        querystring: recentDecksQuerySchema,
        response: { 200: deckListResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => listRecentDecks(services, { user: request.user!, ...request.query }),
  );

  app.get(
    '/api/decks',
    {
      onRequest: seesAll,
      schema: {
        tags,
        querystring: allDecksQuerySchema,
        response: { 200: deckListResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      listDecks(services, {
        page: request.query.page,
        pageSize: request.query.pageSize,
        ...(request.query.owner ? { ownerId: request.query.owner } : {}),
        ...(request.query.client ? { client: request.query.client } : {}),
        archived: request.query.archived,
        approval: request.query.approval,
        withApproval: true,
        after: request.query.after,
      }),
  );

  app.get(
    '/api/decks/:id',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams,
        response: { 200: deckDetailsSchema, ...apiErrorResponses },
      },
    },
    async (request) => getDeckDetails(services, { user: request.user!, deckId: request.params.id }),
  );

  app.delete(
    '/api/decks/:id',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams,
        response: { 200: okResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      await deleteDeck(services, { user: request.user!, deckId: request.params.id });
      return { ok: true as const };
    },
  );

  // The PDF (the spec's `pdfUrl`) and the PowerPoint file (`pptxUrl`), as attachments.
  for (const [path, extension] of [
    ['/api/decks/:id/download', 'pdf'],
    ['/api/decks/:id/pptx', 'pptx'],
  ] as const) {
    app.get(
      path,
      {
        onRequest: approved,
        schema: { tags, params: deckIdParams, querystring: deckVersionQuerySchema },
      },
      async (request, reply) => {
        const file = await locateDeckDownload(services, {
          user: request.user!,
          deckId: request.params.id,
          version: request.query.version,
          extension,
        });
        return sendDeckFile(services, reply, file);
      },
    );
  }

  app.get(
    '/api/decks/:id/slides',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams,
        querystring: deckVersionQuerySchema,
        response: { 200: deckSlidesResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      getDeckSlides(services, {
        user: request.user!,
        deckId: request.params.id,
        version: request.query.version,
      }),
  );

  app.get(
    '/api/decks/:id/slides/:index',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams.extend({ index: z.coerce.number().int().min(1).max(1000) }),
        querystring: deckVersionQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await locateSlidePicture(services, {
        user: request.user!,
        deckId: request.params.id,
        version: request.query.version,
        index: request.params.index,
      });
      return sendDeckFile(services, reply, file);
    },
  );

  app.get(
    '/api/decks/:id/versions',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams,
        response: { 200: deckVersionsResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => listVersions(services, { user: request.user!, deckId: request.params.id }),
  );

  app.post(
    '/api/decks/:id/versions/:number/restore',
    {
      onRequest: approved,
      schema: {
        tags,
        params: versionNumberParamsSchema,
        response: { 201: newVersionResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const result = await restoreVersion(services, {
        user: request.user!,
        deckId: request.params.id,
        number: request.params.number,
      });
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/decks/:id/duplicate',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams,
        body: duplicateDeckRequestSchema,
        response: { 201: newVersionResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const result = await duplicateDeck(services, {
        user: request.user!,
        deckId: request.params.id,
        version: request.body.version,
      });
      return reply.code(201).send(result);
    },
  );

  for (const [path, archived] of [
    ['/api/decks/:id/archive', true],
    ['/api/decks/:id/unarchive', false],
  ] as const) {
    app.post(
      path,
      {
        onRequest: approved,
        schema: {
          tags,
          params: deckIdParams,
          response: { 200: okResponseSchema, ...apiErrorResponses },
        },
      },
      async (request) => {
        await setDeckArchived(services, {
          user: request.user!,
          deckId: request.params.id,
          archived,
        });
        return { ok: true as const };
      },
    );
  }

  app.post(
    '/api/share-presentation',
    {
      onRequest: approved,
      schema: {
        tags,
        body: shareRequestSchema,
        response: { 200: shareResponseSchema, 201: shareResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const shared = await shareDeck(services, {
        user: request.user!,
        deckId: request.body.presentationId,
        email: request.body.email,
        access: request.body.access,
      });
      // 201 for a new share; 200 when sharing again changed an existing one's access.
      const status = shared.previousAccess === null ? 201 : 200;
      return reply.code(status).send({ success: true as const, ...shared });
    },
  );

  app.get(
    '/api/decks/:id/shares',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams,
        response: { 200: deckSharesResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      shares: await listShares(services, { user: request.user!, deckId: request.params.id }),
    }),
  );

  app.patch(
    '/api/decks/:id/shares/:shareId',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams.extend({ shareId: z.string() }),
        body: changeShareAccessRequestSchema,
        response: { 200: changeShareAccessResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      share: await changeShareAccess(services, {
        user: request.user!,
        deckId: request.params.id,
        shareId: request.params.shareId,
        access: request.body.access,
      }),
    }),
  );

  app.delete(
    '/api/decks/:id/shares/:shareId',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckIdParams.extend({ shareId: z.string() }),
        response: { 200: okResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      await revokeShare(services, {
        user: request.user!,
        deckId: request.params.id,
        shareId: request.params.shareId,
      });
      return { ok: true as const };
    },
  );
}
