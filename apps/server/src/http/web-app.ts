import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built single-page app: hashed assets are cached for a year, every other
 * browser navigation gets index.html so the client router can draw the page (or its 404).
 * Files are looked up per request, so a rebuild under a running server is served at once; a
 * missing file (an old chunk) is a 404, which the app's "Loading chunk failed" screen handles.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: true,
      index: false,
      // The build writes `.br` and `.gz` copies of its text files (apps/web/build): sent as
      // they are to a browser that accepts them, so no request pays for compressing.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The static handler refuses a folder; the root address is the app's page like any other.
    app.get('/', (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A browser navigation asks for HTML; anything else is a page only when it does not name a
    // file (`/assets/x.js` for a script is a file, and missing means 404).
    const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      (wantsHtml || path.posix.extname(pathname) === '');
    if (hasWebApp && isPageRequest) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      error: {
        code: 'not_found',
        message: `No such endpoint: ${request.method} ${pathname}`,
      },
    });
  });
}
