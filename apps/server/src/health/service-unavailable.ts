import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@deck-portal/domain';
import { noticePage } from '../http/notice-page.ts';

/** How long a caller is asked to wait before trying again, in seconds. */
export const retryAfterSeconds = 5;

export const serviceUnavailableError: ApiErrorBody['error'] = {
  code: 'service_unavailable',
  message: 'The service is temporarily unavailable. Please try again in a moment.',
};

/** What a client opening a link sees when the server cannot answer. */
export const serviceUnavailablePageHtml = noticePage(
  'Temporarily unavailable',
  'This page cannot be shown right now. Please try again in a few minutes.',
);

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
