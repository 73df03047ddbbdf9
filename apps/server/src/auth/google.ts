import { and, eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { identities, oidcFlows, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { createAccount } from './create-account.ts';
import { holdIdentityForLinking } from './link-google-identity.ts';
import { assertMaySignIn } from './sign-in.ts';
import { createSession, type User } from './sessions.ts';

const flowLifetimeMs = 10 * 60_000;

export type GoogleSignIn = {
  /** Where to send the browser, and the state to bind to it in a cookie. */
  start(): Promise<{ url: string; state: string }>;
  /**
   * Finishes the code flow; answers the user and a session token when one may be had, or,
   * when the address belongs to an account that has not linked this identity, the token that
   * lets a password sign-in in the same browser link it.
   */
  finish(options: { callbackUrl: URL; cookieState: string | undefined }): Promise<GoogleOutcome>;
};

export type GoogleOutcome =
  | { kind: 'signed-in'; user: User; token: string | null }
  | { kind: 'needs-password'; linkToken: string };

/**
 * Google sign-in through OpenID Connect with state, nonce and PKCE. The issuer is
 * configurable, so tests run the whole flow against a local provider.
 */
export function createGoogleSignIn(services: Services): GoogleSignIn | undefined {
  const google = services.config.google;
  if (!google) return undefined;
  const redirectUri = `${services.config.publicUrl}/api/auth/google/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;

  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(google.issuer), google.clientId, google.clientSecret, undefined, {
        execute: google.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in
        throw error;
      });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = services.clock.now();
      await services.db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, now));
      await services.db.insert(oidcFlows).values({
        state,
        nonce,
        codeVerifier,
        createdAt: now,
        expiresAt: new Date(now.getTime() + flowLifetimeMs),
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { url: url.href, state };
    },

    async finish({ callbackUrl, cookieState }) {
      const state = callbackUrl.searchParams.get('state');
      if (!state || state !== cookieState) {
        throw new AppError('google_failed', 'The sign-in did not start in this browser.');
      }
      // Each flow is used once: taking it out of the table is the check.
      const [flow] = await services.db
        .delete(oidcFlows)
        .where(and(eq(oidcFlows.state, state)))
        .returning();
      if (!flow || flow.expiresAt <= services.clock.now()) {
        throw new AppError('google_failed', 'The sign-in took too long. Please try again.');
      }
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new AppError('google_failed', 'Google did not say who you are.');
      const found = await findOrCreateUser(services, {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
        isEmailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
        picture: typeof claims.picture === 'string' ? claims.picture : undefined,
      });
      if ('linkToken' in found) return { kind: 'needs-password', linkToken: found.linkToken };
      const { user } = found;
      if (user.status !== 'approved' || user.role === 'pending') {
        return { kind: 'signed-in', user, token: null };
      }
      assertMaySignIn(user);
      const token = await createSession(services.db, services.clock, user.id);
      return { kind: 'signed-in', user, token };
    },
  };
}

async function findOrCreateUser(
  services: Services,
  login: {
    issuer: string;
    subject: string;
    email: string | undefined;
    isEmailVerified: boolean;
    name: string | undefined;
    picture: string | undefined;
  },
): Promise<{ user: User } | { linkToken: string }> {
  const [known] = await services.db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.issuer, login.issuer), eq(identities.subject, login.subject)));
  if (known) return { user: known.user };

  if (!login.email) throw new AppError('google_failed', 'Google did not share an e-mail address.');
  const [sameEmail] = await services.db.select().from(users).where(eq(users.email, login.email));
  if (sameEmail) {
    // Never joined by address alone: the account's password must be entered once first.
    const linkToken = await holdIdentityForLinking(services, {
      issuer: login.issuer,
      subject: login.subject,
      email: login.email,
      userId: sameEmail.id,
    });
    return { linkToken };
  }
  // A new account takes the address as its own: only when the provider vouches for it.
  if (!login.isEmailVerified) {
    throw new AppError('google_failed', 'This Google address is not verified.');
  }

  const user = await createAccount(services, {
    email: login.email,
    name: login.name?.trim() || login.email,
    passwordHash: null,
    provider: 'google',
    photoURL: login.picture ?? null,
    identity: { issuer: login.issuer, subject: login.subject },
  });
  return { user };
}
