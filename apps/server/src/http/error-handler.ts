import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@deck-portal/domain';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { AppError } from './app-error.ts';

// Messages for the framework's own 4xx errors, so that no internal wording leaks.
const frameworkMessages: Record<number, [string, string]> = {
  400: ['bad_request', 'The request could not be read.'],
  404: ['not_found', 'Not found.'],
  405: ['method_not_allowed', 'This method is not allowed here.'],
  406: ['not_acceptable', 'The requested format is not available.'],
  408: ['request_timeout', 'The request took too long.'],
  413: ['payload_too_large', 'The request body is larger than the 1 MiB limit.'],
  415: ['unsupported_media_type', 'Send the request body as application/json.'],
  429: ['too_many_requests', 'Too many requests. Please try again later.'],
};

/** What a route may set in its `config` for the errors this handler writes. */
export type ErrorRouteConfig = {
  /** The 413 message, for routes whose body limit is not the JSON bodies' 1 MiB. */
  tooLargeMessage?: string;
};

/**
 * The pages a person opens in a browser (a client link's), whose errors are pages rather than the
 * API's JSON: the modules that serve them say which they are and what they show (app.ts wires
 * them), so this handler knows no page by name.
 */
export type ErrorPages = {
  isBrowserPage(url: string): boolean;
  /** What such a page shows for an address the router refused. */
  notFoundHtml: string;
  /** Answers 503 when the database cannot be reached: the API's body, or a page for a person. */
  sendServiceUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply;
};

function send(reply: FastifyReply, status: number, error: ApiErrorBody['error']) {
  return reply.code(status).type('application/json; charset=utf-8').send({ error });
}

/**
 * Maps every thrown error to the one error contract: `{"error":{"code","message","fields"?}}`.
 * A database that cannot be reached is a 503 with Retry-After (a client link's page gets an
 * HTML page instead); every other unexpected error is a 500 that says nothing.
 */
export function registerErrorHandling(app: FastifyInstance, pages: ErrorPages) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      return send(reply, 400, {
        code: 'validation_failed',
        message: 'Some fields are missing or invalid.',
        fields,
      });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    const { tooLargeMessage } = (request.routeOptions.config ?? {}) as ErrorRouteConfig;
    if (status === 413 && tooLargeMessage) {
      return send(reply, 413, { code: 'payload_too_large', message: tooLargeMessage });
    }
    if (status >= 400 && status < 500) {
      const [code, message] = frameworkMessages[status] ?? [
        'bad_request',
        'The request was refused.',
      ];
      return send(reply, status, { code, message });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of this server: the caller may retry, and the next request will reconnect.
      request.log.warn({ err: error }, 'database unavailable');
      return pages.sendServiceUnavailable(request, reply);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, {
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}

/**
 * Fastify's router refuses some addresses before any hook runs: a path parameter that is not
 * valid percent-encoding (`%ED%A0%80`, `%ZZ`) or longer than the router allows. Its own answer
 * echoes the address (a client link's token with it) in another shape; this one names nothing.
 * No route was matched, so there is nothing to sign in to: 404, as for any unknown address.
 */
export function answerFrameworkErrors(pages: ErrorPages) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.code(404).headers({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    });
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && pages.isBrowserPage(request.url)) {
      return reply.type('text/html; charset=utf-8').send(pages.notFoundHtml);
    }
    return reply
      .type('application/json; charset=utf-8')
      .send({ error: { code: 'not_found', message: 'Not found.' } });
  };
}
