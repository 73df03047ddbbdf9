import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

// The address of the request a change is made for, kept beside the work it starts, so the
// audit row written deep inside a use case names it without every caller passing it down.

type RequestScope = { address: string };

const scope = new AsyncLocalStorage<RequestScope>();

/**
 * Remembers each request's address (`request.ip`: the client's own, or the one the trusted proxy
 * names when TRUST_PROXY says so) for the audit rows its handler writes.
 */
export function registerRequestAddress(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    scope.run({ address: request.ip }, done);
  });
  // Entered again just before the handler, so a body parser that resumes in another async
  // context (a stream's events) cannot leave the handler without it.
  app.addHook('preHandler', (request, _reply, done) => {
    scope.run({ address: request.ip }, done);
  });
}

/** The address of the request being answered; null in jobs, the CLI and the schedule. */
export function requestAddress(): string | null {
  return scope.getStore()?.address ?? null;
}

/**
 * Runs `work` as no request's: a job woken by a request (its queue's notice arrives while the
 * request's query runs) is the portal's own work, not the request's.
 */
export function outsideRequest<T>(work: () => T): T {
  return scope.exit(work);
}
