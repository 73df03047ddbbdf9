import type { Plugin } from 'vite';

const clientViewAddress = /^\/v\/[^/?#]+\/?(?:[?#].*)?$/;

/**
 * In development, serves client-view.html at /v/{token} as the server does in production
 * (apps/server/src/client-links/client-view-routes.ts), instead of the portal's index.html.
 * Unlike the server it does not check the token first: a bad one shows the page's own
 * "unavailable" text once the API refuses it.
 */
export function clientViewDevRoute(): Plugin {
  return {
    name: 'deck-portal:client-view-dev-route',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && clientViewAddress.test(request.url)) {
          request.url = '/client-view.html';
        }
        next();
      });
    },
  };
}
