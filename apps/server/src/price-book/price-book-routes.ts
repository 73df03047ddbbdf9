import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductsResponseSchema,
  libraryEditorRoles,
  priceBookEntrySchema,
  priceBookResponseSchema,
  productChangeSchema,
  productHistoryResponseSchema,
  productKindOf,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { changeProduct } from './change-product.ts';
import { currentPriceBook, entriesAt, readPriceBookEntries } from './price-book.ts';

const productParams = z.object({ id: z.string().min(1).max(64) });

/**
 * The price book: what reps may sell now (`GET /api/price-book`, for the wizard) and its editing
 * at `/admin/products` (content editors and admins): products, their changes with an effective
 * date, and each product's history.
 */
export async function priceBookRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['price book'];
  const editors = requireApproved(...libraryEditorRoles);

  app.get(
    '/api/price-book',
    {
      onRequest: requireApproved(),
      schema: { tags, response: { 200: priceBookResponseSchema, ...apiErrorResponses } },
    },
    async () => {
      const { book } = await currentPriceBook(services.db, services.clock.now());
      return {
        products: book.products
          .filter((product) => product.active)
          .map((product) => ({ ...product, kind: productKindOf(product) })),
      };
    },
  );

  app.get(
    '/api/admin/products',
    {
      onRequest: editors,
      schema: { tags, response: { 200: adminProductsResponseSchema, ...apiErrorResponses } },
    },
    async () => ({
      products: entriesAt(await readPriceBookEntries(services.db), services.clock.now()),
    }),
  );

  app.post(
    '/api/admin/products',
    {
      onRequest: editors,
      schema: {
        tags,
        body: productChangeSchema,
        response: { 201: priceBookEntrySchema, ...apiErrorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await changeProduct(services, { user: request.user!, change: request.body })),
  );

  app.post(
    '/api/admin/products/:id/changes',
    {
      onRequest: editors,
      schema: {
        tags,
        params: productParams,
        body: productChangeSchema,
        response: { 201: priceBookEntrySchema, ...apiErrorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await changeProduct(services, {
          user: request.user!,
          productId: request.params.id,
          change: request.body,
        }),
      ),
  );

  app.get(
    '/api/admin/products/:id/history',
    {
      onRequest: editors,
      schema: {
        tags,
        params: productParams,
        response: { 200: productHistoryResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const entries = await readPriceBookEntries(services.db, request.params.id);
      if (entries.length === 0) {
        throw new AppError('not_found', `The price book has no product “${request.params.id}”.`);
      }
      return { entries: entries.reverse() };
    },
  );
}
