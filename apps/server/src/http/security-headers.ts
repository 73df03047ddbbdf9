import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every response. Scripts only from our origin (no inline script);
 * styles may be inline because Mantine writes CSS variables into a style element; pictures
 * may come from any https address because reps preview the picture URLs they paste.
 *
 * Helmet's middleware is built once and run on each request: its Fastify plugin builds it anew
 * for every request (to allow per-route settings this portal does not use), which cost about a
 * tenth of a cached API answer's time.
 */
export function registerSecurityHeaders(app: FastifyInstance, { isHttps }: { isHttps: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // HSTS only means something when the portal is served over HTTPS.
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  // API answers are personal: never cache them unless a route says otherwise.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    // A page whose address holds a secret (a reset or invitation token, a client link) sends
    // no Referer at all, not even to our own origin, so the token never leaves the address bar.
    if (hasTokenInAddress(request.url)) reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}

const tokenPages = [/^\/auth\/reset(?:[/?]|$)/, /^\/auth\/invite(?:[/?]|$)/, /^\/v\//];

export function hasTokenInAddress(url: string) {
  return tokenPages.some((page) => page.test(url));
}
