import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOOK_CURRENCY,
  clientDefaultsQuerySchema,
  clientDefaultsResponseSchema,
  marketChangeSchema,
  marketParamsSchema,
  marketsResponseSchema,
  marketViewSchema,
  priceListChangeSchema,
  priceListImportResultSchema,
  priceListImportSchema,
  priceListParamsSchema,
  priceListsResponseSchema,
  priceListViewSchema,
} from '@deck-portal/domain';
import { requireAdmin, requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { deleteMarket, saveMarket } from './change-market.ts';
import { clientDefaults } from './client-defaults.ts';
import { deletePriceList, savePriceList } from './change-price-list.ts';
import { exportPriceList, importPriceList } from './price-list-file.ts';
import { readMarkets, readPriceListRows } from './market-store.ts';

/**
 * Markets and price lists (issue 50): read by every signed-in user (the wizard prices a deck in
 * its market's currency with its tax), changed by admins.
 */
export async function marketRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['markets'];

  app.get(
    '/api/markets',
    {
      onRequest: requireApproved(),
      schema: { tags, response: { 200: marketsResponseSchema, ...apiErrorResponses } },
    },
    async () => ({ markets: await readMarkets(services.db) }),
  );

  app.put(
    '/api/admin/markets/:code',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: marketParamsSchema,
        body: marketChangeSchema,
        response: { 200: marketViewSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      saveMarket(services, {
        user: request.user!,
        code: request.params.code,
        change: request.body,
      }),
  );

  app.delete(
    '/api/admin/markets/:code',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: marketParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      await deleteMarket(services, { user: request.user!, code: request.params.code });
      return reply.code(204).send(null);
    },
  );

  // Step 1 of the wizard: the market and language a new deck for this client starts with.
  app.get(
    '/api/decks/client-defaults',
    {
      onRequest: requireApproved(),
      schema: {
        tags,
        querystring: clientDefaultsQuerySchema,
        response: { 200: clientDefaultsResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      clientDefaults(services, { user: request.user!, client: request.query.client }),
  );

  app.get(
    '/api/price-lists',
    {
      onRequest: requireApproved(),
      schema: { tags, response: { 200: priceListsResponseSchema, ...apiErrorResponses } },
    },
    async () => ({
      bookCurrency: BOOK_CURRENCY,
      lists: (await readPriceListRows(services.db)).map(({ list, updatedAt }) => ({
        ...list,
        updatedAt: updatedAt.toISOString(),
      })),
    }),
  );

  app.put(
    '/api/admin/price-lists/:currency',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: priceListParamsSchema,
        body: priceListChangeSchema,
        response: { 200: priceListViewSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const list = await savePriceList(services, {
        user: request.user!,
        currency: request.params.currency,
        derived: request.body.derived,
        note: request.body.note,
      });
      return { ...list, updatedAt: services.clock.now().toISOString() };
    },
  );

  app.delete(
    '/api/admin/price-lists/:currency',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: priceListParamsSchema,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      await deletePriceList(services, { user: request.user!, currency: request.params.currency });
      return reply.code(204).send(null);
    },
  );

  // A list as a file an admin edits in a spreadsheet, and the file brought back (issue 50).
  app.get(
    '/api/admin/price-lists/:currency/export',
    { onRequest: requireAdmin, schema: { tags, params: priceListParamsSchema } },
    async (request, reply) => {
      const { currency } = request.params;
      const file = await exportPriceList(services.db, currency, services.clock.now());
      return reply
        .header('content-disposition', `attachment; filename="price-list-${currency}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(file);
    },
  );

  app.post(
    '/api/admin/price-lists/:currency/import',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: priceListParamsSchema,
        body: priceListImportSchema,
        response: { 200: priceListImportResultSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      importPriceList(services, {
        user: request.user!,
        currency: request.params.currency,
        file: request.body.file,
        apply: request.body.apply,
      }),
  );
}
