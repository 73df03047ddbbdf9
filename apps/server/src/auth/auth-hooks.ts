import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@deck-portal/domain';
import { bearerTokenOf, signInByApiToken } from '../api-tokens/api-token-auth.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { readSessionCookie } from './session-cookie.ts';
import { findSessionUser, type User } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded fresh from the database on every API request. */
    user: User | null;
    sessionTokenHash: string | null;
  }
}

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Loads the session user for every API request (so a role or status change is seen on the
 * very next request) and refuses cross-site state-changing requests.
 */
export async function registerAuthHooks(app: FastifyInstance, services: Services) {
  const isHttps = services.config.publicUrl.startsWith('https://');
  const publicOrigin = new URL(services.config.publicUrl).origin;
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('apiToken', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = bearerTokenOf(request);
    if (bearer !== undefined) {
      // A token speaks for its user alone, whatever cookies come with it; and no page of
      // another site can make a browser send the header, so no origin check is needed.
      await signInByApiToken(services, request, bearer);
      return;
    }
    if (stateChangingMethods.has(request.method)) assertSameOrigin(request, publicOrigin);
    const token = readSessionCookie(request, isHttps);
    if (!token) return;
    const found = await findSessionUser(services.db, services.clock, token);
    if (found) {
      request.user = found.user;
      request.sessionTokenHash = found.tokenHash;
    }
  });
}

function assertSameOrigin(request: FastifyRequest, publicOrigin: string) {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new AppError('forbidden', 'Cross-site requests are not allowed.');
  }
  // A browser that says same-origin has said enough: pages served with 'no-referrer' (the
  // reset and invitation pages) send `Origin: null` on their own same-origin requests.
  if (fetchSite === 'same-origin') return;
  const origin = request.headers.origin;
  if (!origin) return;
  const ownOrigin = `${request.protocol}://${request.host}`;
  if (origin !== publicOrigin && origin !== ownOrigin) {
    throw new AppError('forbidden', 'Cross-site requests are not allowed.');
  }
}

/** Any signed-in user, whatever the account's status. */
export async function requireSignedIn(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user) throw new AppError('unauthenticated', 'Please sign in.');
}

/** A signed-in user whose account is approved (and who has a role), optionally one of `roles`. */
export function requireApproved(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = request.user;
    if (!user) throw new AppError('unauthenticated', 'Please sign in.');
    if (user.status === 'declined' || user.status === 'removed') {
      throw new AppError('deactivated', 'Your account has been deactivated.');
    }
    if (user.status === 'pending_approval' || user.role === 'pending') {
      throw new AppError('pending_approval', 'Your account is pending approval.');
    }
    if (roles.length > 0 && !roles.includes(user.role)) {
      throw new AppError('forbidden', 'You do not have permission to do this.');
    }
  };
}

export const requireAdmin = requireApproved('admin');
