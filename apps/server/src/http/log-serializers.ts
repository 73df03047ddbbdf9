import type { FastifyRequest } from 'fastify';

// A client link's token is its only credential and it sits in the address: keep it out of logs.
const linkTokenInPath = /(\/v\/|\/api\/client-view\/)[^/?#]+/g;

export function redactLinkTokens(url: string): string {
  return url.replace(linkTokenInPath, '$1[token]');
}

/** Pino's request serializer, as Fastify's default but with link tokens redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactLinkTokens(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
