import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  engagementCsvQuerySchema,
  engagementExportQuerySchema,
  engagementQuerySchema,
  engagementReportSchema,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { exportDeckEngagement, exportEngagement, type CsvExport } from './export-engagement-csv.ts';
import { getEngagementReport } from './get-engagement-report.ts';

const deckParams = z.object({ id: z.string() });

/**
 * Engagement across decks and its CSV exports (issue 51): managers and admins see every rep's
 * decks, a rep their own; a deck's export is for whoever manages the deck.
 */
export async function engagementReportRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['engagement'];
  const approved = requireApproved();

  app.get(
    '/api/engagement',
    {
      onRequest: approved,
      schema: {
        tags,
        querystring: engagementQuerySchema,
        response: { 200: engagementReportSchema, ...apiErrorResponses },
      },
    },
    async (request) => getEngagementReport(services, { user: request.user!, query: request.query }),
  );

  app.get(
    '/api/engagement.csv',
    {
      onRequest: approved,
      schema: { tags, querystring: engagementExportQuerySchema, response: apiErrorResponses },
    },
    async (request, reply) => {
      const { rows, ...query } = request.query;
      return sendCsv(reply, await exportEngagement(services, { user: request.user!, query, rows }));
    },
  );

  app.get(
    '/api/decks/:id/engagement.csv',
    {
      onRequest: approved,
      schema: {
        tags,
        params: deckParams,
        querystring: engagementCsvQuerySchema,
        response: apiErrorResponses,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportDeckEngagement(services, {
          user: request.user!,
          deckId: request.params.id,
          rows: request.query.rows,
          linkId: request.query.linkId,
        }),
      ),
  );
}

/** Streams the file: the rows are written as their pages are read, never held whole. */
function sendCsv(reply: FastifyReply, file: CsvExport) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', file.disposition)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(file.lines));
}
