import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailTemplatesResponseSchema, uploadIdOf } from '@deck-portal/domain';
import { requireAdmin } from '../auth/auth-hooks.ts';
import { loadBrandLogo } from '../client-links/get-link-sender.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import { loadMailContext, loadPublishedBrand } from '../mail/load-mail-context.ts';
import { previewMailTemplates } from '../mail/templates/mail-templates.ts';
import type { Services } from '../services.ts';

const logoParams = z.object({ id: z.uuid({ error: 'The company has no such logo.' }) });

/**
 * `GET /api/admin/mail-templates`: every mail the portal sends, rendered from sample props as it
 * would be sent now (this product name, company and brand), for the Outbox page; and
 * `GET /api/mail/logo/:id`: the published brand's logo, which mails show in their header.
 */
export async function mailTemplateRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/mail-templates',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        response: { 200: mailTemplatesResponseSchema, ...apiErrorResponses },
      },
    },
    async (_request, reply) => {
      // Rendered from today's brand and configuration: not kept by a cache.
      reply.header('cache-control', 'no-store');
      const context = await loadMailContext(services.db, services.config);
      return { templates: await previewMailTemplates(context) };
    },
  );

  // A mail program has no session, so the logo is public; only the logo the brand publishes now
  // is answered (by its upload id, so a new logo is a new address), never another upload.
  app.get(
    '/api/mail/logo/:id',
    { schema: { tags: ['mail'], params: logoParams } },
    async (request, reply) => {
      const brand = await loadPublishedBrand(services.db);
      const logoId = brand?.logo ? uploadIdOf(brand.logo) : undefined;
      const logo = logoId === request.params.id ? await loadBrandLogo(services) : undefined;
      if (!logo) throw new AppError('not_found', 'The company has no such logo.');
      return (
        reply
          .type(logo.contentType)
          .header('content-length', logo.size)
          .header('cache-control', 'public, max-age=86400')
          // A logo may be an SVG: opened on its own, it runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          // Mail programs show it from their own origins.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(logo.body)
      );
    },
  );
}
