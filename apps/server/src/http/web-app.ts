import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built single-page app: hashed assets are cached for a year, every other
 * browser navigation gets index.html so the client router can draw the page (or its 404).
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (hasWebApp && isPageRequest) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      error: {
        code: 'not_found',
        message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      },
    });
  });
}
