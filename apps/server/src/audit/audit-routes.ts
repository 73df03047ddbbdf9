import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditFilterQuerySchema, auditPageSchema, auditQuerySchema } from '@deck-portal/domain';
import { requireAdmin } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { auditCsv } from './audit-csv.ts';
import { listAuditEntries } from './list-audit-entries.ts';

/** The audit log (issue 51): who did what to which thing, when and from where; admins only. */
export async function auditRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  app.get(
    '/api/admin/audit',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const { cursor, limit, ...filter } = request.query;
      return listAuditEntries(services, { filter, cursor, limit });
    },
  );

  app.get(
    '/api/admin/audit.csv',
    {
      onRequest: requireAdmin,
      schema: { tags, querystring: auditFilterQuerySchema },
    },
    async (request, reply) => {
      const day = services.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsv(services, request.query)));
    },
  );
}
