import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { portalConfigSchema } from '@deck-portal/domain';
import type { Config } from '../config.ts';

export async function portalConfigRoutes(server: FastifyInstance, { config }: { config: Config }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/config',
    { schema: { tags: ['config'], response: { 200: portalConfigSchema } } },
    async () => ({
      tutorialUrl: config.tutorialUrl,
      isGoogleSignInEnabled: config.google !== undefined,
      productName: config.productName,
    }),
  );
}
