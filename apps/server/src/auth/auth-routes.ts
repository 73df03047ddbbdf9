import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authErrorCodes,
  okResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '@deck-portal/domain';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import type { GoogleSignIn } from './google.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { toSessionUser } from './session-user.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.ts';
import { deleteSession } from './sessions.ts';
import { linkHeldIdentity } from './link-google-identity.ts';
import { signIn } from './sign-in.ts';
import { signUp } from './sign-up.ts';

const oidcStateCookie = 'deck_oidc_state';
/** Holds a Google identity waiting for the account's password (see link-google-identity.ts). */
const googleLinkCookie = 'deck_google_link';

export async function authRoutes(
  server: FastifyInstance,
  { services, google }: { services: Services; google: GoogleSignIn | undefined },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const isHttps = services.config.publicUrl.startsWith('https://');
  const tags = ['auth'];

  app.post(
    '/api/auth/sign-up',
    {
      schema: {
        tags,
        body: signUpRequestSchema,
        response: { 201: sessionResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const { user, token } = await signUp(services, { input: request.body, ip: request.ip });
      setSessionCookie(reply, isHttps, token);
      return reply.code(201).send({ user: toSessionUser(user) });
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      schema: {
        tags,
        body: signInRequestSchema,
        response: { 200: sessionResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const { user, token } = await signIn(services, { input: request.body, ip: request.ip });
      // A new token at every sign-in; the one the browser had before is ended.
      const previous = readSessionCookie(request, isHttps);
      if (previous) await deleteSession(services.db, previous);
      setSessionCookie(reply, isHttps, token);
      const linkToken = request.cookies[googleLinkCookie];
      if (linkToken) {
        await linkHeldIdentity(services, { token: linkToken, user });
        reply.clearCookie(googleLinkCookie, { path: '/api/auth' });
      }
      return { user: toSessionUser(user) };
    },
  );

  app.post(
    '/api/auth/sign-out',
    { schema: { tags, response: { 200: okResponseSchema, ...apiErrorResponses } } },
    async (request, reply) => {
      const token = readSessionCookie(request, isHttps);
      if (token) await deleteSession(services.db, token);
      clearSessionCookie(reply, isHttps);
      // Nothing of the session stays behind in this browser (a shared computer).
      reply.header('clear-site-data', '"cookies", "storage"');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/session',
    { schema: { tags, response: { 200: sessionResponseSchema } } },
    async (request) => ({ user: request.user ? toSessionUser(request.user) : null }),
  );

  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags,
        body: passwordResetRequestSchema,
        response: { 200: okResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      await requestPasswordReset(services, { input: request.body, ip: request.ip });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        tags,
        body: passwordResetConfirmSchema,
        response: { 200: okResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      await confirmPasswordReset(services, { input: request.body });
      return { ok: true as const };
    },
  );

  app.get('/api/auth/google', { schema: { tags } }, async (_request, reply) => {
    if (!google) return reply.redirect(`/auth?error=${authErrorCodes.googleNotConfigured}`);
    try {
      const { url, state } = await google.start();
      reply.setCookie(oidcStateCookie, state, {
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps,
        path: '/api/auth/google',
        maxAge: 600,
      });
      return reply.redirect(url);
    } catch (error) {
      services.log.warn({ err: error }, 'Google sign-in could not start');
      return reply.redirect('/auth?error=google_failed');
    }
  });

  app.get('/api/auth/google/callback', { schema: { tags } }, async (request, reply) => {
    if (!google) return reply.redirect(`/auth?error=${authErrorCodes.googleNotConfigured}`);
    reply.clearCookie(oidcStateCookie, { path: '/api/auth/google' });
    try {
      const callbackUrl = new URL(request.url, services.config.publicUrl);
      const outcome = await google.finish({
        callbackUrl,
        cookieState: request.cookies[oidcStateCookie],
      });
      if (outcome.kind === 'needs-password') {
        reply.setCookie(googleLinkCookie, outcome.linkToken, {
          httpOnly: true,
          sameSite: 'lax',
          secure: isHttps,
          path: '/api/auth',
          maxAge: 600,
        });
        return reply.redirect(`/auth?error=${authErrorCodes.googleLinkNeedsPassword}`);
      }
      const { user, token } = outcome;
      if (!token) {
        const isPending = user.status === 'pending_approval';
        return reply.redirect(isPending ? '/unapproved' : '/auth?error=deactivated');
      }
      setSessionCookie(reply, isHttps, token);
      return reply.redirect('/dashboard');
    } catch (error) {
      services.log.warn({ err: error }, 'Google sign-in failed');
      const code =
        error instanceof Error && 'code' in error && error.code === 'deactivated'
          ? 'deactivated'
          : 'google_failed';
      return reply.redirect(`/auth?error=${code}`);
    }
  });
}
