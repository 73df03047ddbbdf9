import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionAbsoluteMs } from './sessions.ts';

/** `__Host-` prefixed (and Secure) when the portal is served over HTTPS. */
export function sessionCookieName(isHttps: boolean) {
  return isHttps ? '__Host-deck_session' : 'deck_session';
}

export function readSessionCookie(request: FastifyRequest, isHttps: boolean): string | undefined {
  return request.cookies[sessionCookieName(isHttps)];
}

export function setSessionCookie(reply: FastifyReply, isHttps: boolean, token: string) {
  reply.setCookie(sessionCookieName(isHttps), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps,
    path: '/',
    maxAge: Math.floor(sessionAbsoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, isHttps: boolean) {
  reply.clearCookie(sessionCookieName(isHttps), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps,
    path: '/',
  });
}
