import type { FastifyRequest } from 'fastify';
import type { ApiTokenScope } from '@deck-portal/domain';
import { consumeAttempt } from '../auth/throttled.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { findApiTokenUser } from './find-api-token-user.ts';
import { scopeOfRoute } from './token-scopes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token a request came with (`Authorization: Bearer dpt_…`), or null. */
    apiToken: { id: string; scopes: ApiTokenScope[] } | null;
  }
}

/** The token of an `Authorization: Bearer …` header, or undefined when there is none. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

/**
 * Signs a request in by its API token: the token's user becomes `request.user` for the route's
 * own guards, as a session's would, provided the route is open to tokens and the token holds
 * the scope the route needs. Each token's requests are counted, so a runaway script slows
 * itself down and nobody else.
 */
export async function signInByApiToken(
  services: Pick<Services, 'db' | 'clock' | 'throttle' | 'config'>,
  request: FastifyRequest,
  bearer: string,
) {
  const caller = await findApiTokenUser(services, bearer);
  await consumeAttempt(
    services,
    [
      {
        key: `api-token:${caller.token.id}`,
        rule: { limit: services.config.apiTokenRequestsPerMinute, windowMs: 60_000 },
      },
    ],
    'This API token made too many requests: wait a minute and slow the script down.',
  );
  const { url } = request.routeOptions;
  // No such route: the not-found answer says so, to a token as to anyone.
  if (url !== undefined) {
    const scope = scopeOfRoute(request.method, url);
    if (!scope) throw new AppError('forbidden', 'This route is not open to API tokens.');
    if (!caller.token.scopes.includes(scope)) {
      throw new AppError('forbidden', `This API token does not have the ${scope} scope.`);
    }
  }
  request.user = caller.user;
  request.apiToken = caller.token;
}
