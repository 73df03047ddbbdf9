import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@deck-portal/domain';

/** How long a caller is asked to wait before trying again, in seconds. */
export const retryAfterSeconds = 5;

export const serviceUnavailableError: ApiErrorBody['error'] = {
  code: 'service_unavailable',
  message: 'The service is temporarily unavailable. Please try again in a moment.',
};

/**
 * What a client opening a link sees when the server cannot answer: plain HTML without script,
 * so it shows whether or not the web app is built, and in the same look as the client page's
 * other notices.
 */
export const serviceUnavailablePageHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Temporarily unavailable</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f3f5;
        font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #212529; }
      main { max-width: 28rem; margin: 1.5rem; padding: 2rem; background: #fff; border-radius: 12px;
        box-shadow: 0 1px 3px rgb(0 0 0 / 0.08); text-align: center; }
      h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
      p { margin: 0; line-height: 1.5; color: #495057; }
    </style>
  </head>
  <body>
    <main>
      <h1>Temporarily unavailable</h1>
      <p>This page cannot be shown right now. Please try again in a few minutes.</p>
    </main>
  </body>
</html>
`;

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** A client link's page (`/v/{token}`), which a person opens in a browser. */
export function isClientPage(url: string): boolean {
  return pathOf(url).startsWith('/v/');
}

/** The addresses refused while the server drains: the API and the client link pages. */
export function isRefusedWhileDraining(url: string): boolean {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/') || isClientPage(path);
}

/**
 * Answers 503 with Retry-After: the API's error body, or for a client link's page an HTML page
 * that says the page is temporarily unavailable.
 */
export function sendServiceUnavailable(request: FastifyRequest, reply: FastifyReply) {
  reply
    .code(503)
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store');
  if (isClientPage(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
    return reply.type('text/html; charset=utf-8').send(serviceUnavailablePageHtml);
  }
  return reply.type('application/json; charset=utf-8').send({ error: serviceUnavailableError });
}
