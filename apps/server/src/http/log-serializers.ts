import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { isDatabaseUnavailable, isServerReportedError } from '../db/database-errors.ts';

// A client link's token is its only credential and it sits in the address: keep it out of logs.
const linkTokenInPath = /(\/v\/|\/api\/client-view\/)[^/?#]+/g;

/** Paths not worth a line each: the web app's files and the load balancer's probes. */
const quietPaths = /^\/(?:assets\/|favicon|healthz(?:$|\?)|readyz(?:$|\?))/;

export const isQuietPath = (url: string) => quietPaths.test(url);

export function redactLinkTokens(url: string): string {
  return url.replace(linkTokenInPath, '$1[token]');
}

// Properties drivers hang on their errors that hold the values a query was run with.
const valueCarryingKeys = new Set(['cause', 'query', 'params', 'queryOptions', 'detail', 'where']);
// What a database server's error may say about itself without quoting any value.
const serverErrorFields = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

type SerializedError = Record<string, unknown> & { type: string; message: string; stack: string };

const maxCauseDepth = 5;

function typeOf(error: Error): string {
  return error.constructor?.name || error.name;
}

// The stack's frames under a first line we choose: the thrower's message may hold values.
function stackWith(firstLine: string, error: Error): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [firstLine, ...frames].join('\n');
}

function serialize(error: Error, depth: number): SerializedError {
  let serialized: SerializedError;
  if (error instanceof DrizzleQueryError) {
    // Its message is "Failed query: <statement>\nparams: <values>": keep the statement only.
    const message = 'Failed query';
    const driverCode = (error.cause as { code?: unknown } | undefined)?.code;
    serialized = {
      type: 'DrizzleQueryError',
      message,
      ...(typeof driverCode === 'string' ? { code: driverCode } : {}),
      statement: error.query,
      stack: stackWith(`DrizzleQueryError: ${message}`, error),
    };
  } else if (isServerReportedError(error)) {
    // The server's message and detail may quote values ('invalid input syntax for type uuid:
    // "…"', 'Key (email)=(…) already exists'): keep the code and the names of what failed.
    // A server that is going away says so in fixed words, which are worth keeping.
    const message = isDatabaseUnavailable(error) ? error.message : `SQLSTATE ${error.code}`;
    serialized = {
      type: 'DatabaseError',
      message,
      stack: stackWith(`DatabaseError: ${message}`, error),
    };
    for (const field of serverErrorFields) {
      if (error[field] !== undefined) serialized[field] = error[field];
    }
  } else {
    serialized = { type: typeOf(error), message: error.message, stack: error.stack ?? '' };
    for (const [key, value] of Object.entries(error)) {
      if (!valueCarryingKeys.has(key) && serialized[key] === undefined) serialized[key] = value;
    }
    if (error instanceof AggregateError && depth < maxCauseDepth) {
      serialized.errors = error.errors.map((inner: unknown) =>
        inner instanceof Error ? serialize(inner, depth + 1) : inner,
      );
    }
  }
  // PGlite tells which statement failed on the error itself.
  const query = (error as { query?: unknown }).query;
  if (serialized.statement === undefined && typeof query === 'string') serialized.statement = query;
  const isDatabaseError = error instanceof DrizzleQueryError || isServerReportedError(error);
  if (isDatabaseError && isDatabaseUnavailable(error)) serialized.kind = 'database_unavailable';
  const { cause } = error;
  if (cause instanceof Error && depth < maxCauseDepth) {
    serialized.cause = serialize(cause, depth + 1);
  } else if (cause !== undefined && typeof cause !== 'object') {
    serialized.cause = cause;
  }
  return serialized;
}

/**
 * Pino's error serializer, without the values a failed query ran with: a database error is
 * logged as its kind (class, driver code, SQLSTATE) and the statement with its placeholders,
 * never the parameters (names, e-mail addresses, token hashes) or messages that quote them.
 * Causes are serialized the same way, nested under `cause`.
 */
export function serializeError(error: Error): SerializedError {
  // Pino passes whatever was logged under `err`; only errors are rewritten.
  return error instanceof Error ? serialize(error, 0) : (error as unknown as SerializedError);
}

/**
 * The address as logged: link tokens in the path replaced, and no query string at all, since
 * that is where reset and invitation tokens and the Google callback's code and state travel.
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return redactLinkTokens(path) + (queryAt === -1 ? '' : '?[query]');
}

/** Pino's serializers: Fastify's defaults with link tokens and query strings kept out of logs. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: loggedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: serializeError,
};
