import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, oidcFlows, outboxMails, users } from '../src/db/schema.ts';
import { signInAtIssuer } from './helpers/oidc-browser.ts';
import { startOidcIssuer, type OidcIssuer } from './helpers/oidc-issuer.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const publicUrl = 'http://portal.test';
const callbackUrlPrefix = `${publicUrl}/api/auth/google/callback`;

let issuer: OidcIssuer;
let t: TestApp;
let unconfigured: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer({ redirectUri: callbackUrlPrefix });
  [t, unconfigured] = await Promise.all([
    createTestApp({
      env: {
        PUBLIC_URL: publicUrl,
        GOOGLE_CLIENT_ID: issuer.client.clientId,
        GOOGLE_CLIENT_SECRET: issuer.client.clientSecret,
        OIDC_ISSUER: issuer.issuer,
      },
    }),
    createTestApp({ env: { PUBLIC_URL: publicUrl } }),
  ]);
  // The first account becomes the approved admin; the Google accounts below come after it.
  const admin = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email: 'ada@example.com', password: 'an admin passphrase', name: 'Ada' },
  });
  expect(admin.statusCode, admin.body).toBe(201);
});
afterAll(async () => {
  await t?.app.close();
  await unconfigured?.app.close();
  await issuer?.close();
});

let accountCount = 0;
/** A new account at the issuer, with claims of its own unless given; answers its subject and claims. */
function addIssuerAccount(
  name: string,
  given: Partial<{ email: string; email_verified: boolean }> = {},
) {
  accountCount += 1;
  const subject = `10${accountCount}4829371`;
  const claims = {
    email: `${name.toLowerCase()}.${accountCount}@gmail.test`,
    email_verified: true,
    name: `${name} Google`,
    picture: `https://photos.test/${subject}.jpg`,
    ...given,
  };
  issuer.accounts.set(subject, claims);
  return { subject, ...claims };
}

type InjectResponse = Awaited<ReturnType<TestApp['app']['inject']>>;

function sessionCookieOf(res: InjectResponse) {
  const cookie = res.cookies.find((c) => c.name === 'deck_session' && c.value !== '');
  return cookie ? `deck_session=${cookie.value}` : undefined;
}

/** `GET /api/auth/google`: answers the issuer URL and the state cookie the browser got. */
async function startGoogle() {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'deck_oidc_state');
  expect(cookie?.value).toBeTruthy();
  return {
    authorizeUrl: new URL(String(res.headers.location)),
    state: cookie!.value,
    cookie: cookie!,
  };
}

/** The portal's start, then the user at the issuer; answers where the issuer sent the browser. */
async function loginAtIssuer(subject: string, changeAuthorizeUrl?: (url: URL) => void) {
  const { authorizeUrl, state } = await startGoogle();
  changeAuthorizeUrl?.(authorizeUrl);
  const callbackUrl = await signInAtIssuer(authorizeUrl, {
    login: subject,
    stopAt: callbackUrlPrefix,
  });
  expect(callbackUrl.searchParams.get('code')).toBeTruthy();
  expect(callbackUrl.searchParams.get('state')).toBe(state);
  return { state, callbackUrl };
}

function callback(callbackUrl: URL, state: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    ...(state === undefined ? {} : { cookies: { deck_oidc_state: state } }),
  });
}

/** The whole sign-in as a browser does it; answers the portal's callback response. */
async function signInWithGoogle(subject: string) {
  const { state, callbackUrl } = await loginAtIssuer(subject);
  return callback(callbackUrl, state);
}

function expectRefused(res: InjectResponse, error = 'google_failed') {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/auth?error=${error}`);
  expect(sessionCookieOf(res)).toBeUndefined();
}

async function userByEmail(email: string) {
  return t.app.services.db.select().from(users).where(eq(users.email, email));
}

describe('Google sign-in over a real OpenID Connect provider', () => {
  it('starts the code flow with a state bound to the browser, a nonce and PKCE S256', async () => {
    const { authorizeUrl, state, cookie } = await startGoogle();
    expect(authorizeUrl.origin).toBe(issuer.issuer);
    expect(authorizeUrl.pathname).toBe('/auth');
    const params = authorizeUrl.searchParams;
    expect(params.get('client_id')).toBe(issuer.client.clientId);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(callbackUrlPrefix);
    expect(params.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(params.get('state')).toBe(state);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth/google', sameSite: 'Lax' });

    const [flow] = await t.app.services.db
      .select()
      .from(oidcFlows)
      .where(eq(oidcFlows.state, state));
    expect(flow).toBeDefined();
    expect(params.get('nonce')).toBe(flow!.nonce);
    expect(params.get('code_challenge')).toBe(
      createHash('sha256').update(flow!.codeVerifier).digest('base64url'),
    );

    const second = await startGoogle();
    expect(second.state).not.toBe(state);
    expect(second.authorizeUrl.searchParams.get('nonce')).not.toBe(params.get('nonce'));
  });

  it('creates a new user pending with no session, then signs them in once approved', async () => {
    const account = addIssuerAccount('Gina');
    const { state, callbackUrl } = await loginAtIssuer(account.subject);
    const first = await callback(callbackUrl, state);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/unapproved');
    expect(sessionCookieOf(first)).toBeUndefined();
    // The state cookie is spent.
    expect(first.cookies.find((c) => c.name === 'deck_oidc_state')?.value).toBe('');

    const [created, ...others] = await userByEmail(account.email);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      name: 'Gina Google',
      provider: 'google',
      photoURL: account.picture,
      passwordHash: null,
      role: 'pending',
      status: 'pending_approval',
    });
    const identity = await t.app.services.db
      .select()
      .from(identities)
      .where(eq(identities.userId, created!.id));
    expect(identity).toMatchObject([{ issuer: issuer.issuer, subject: account.subject }]);
    // Each flow is used once.
    expect(
      await t.app.services.db.select().from(oidcFlows).where(eq(oidcFlows.state, state)),
    ).toEqual([]);

    // Still waiting: the same identity finds the same account, and still no session.
    const again = await signInWithGoogle(account.subject);
    expect(again.headers.location).toBe('/unapproved');
    expect(sessionCookieOf(again)).toBeUndefined();
    expect(await userByEmail(account.email)).toHaveLength(1);

    await t.app.services.db
      .update(users)
      .set({ status: 'approved', role: 'sales_rep' })
      .where(eq(users.id, created!.id));
    const approved = await signInWithGoogle(account.subject);
    expect(approved.statusCode).toBe(302);
    expect(approved.headers.location).toBe('/dashboard');
    const cookie = sessionCookieOf(approved);
    expect(cookie).toBeDefined();

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookie! },
    });
    expect(session.json()).toEqual({
      user: {
        id: created!.id,
        email: account.email,
        name: 'Gina Google',
        role: 'sales_rep',
        status: 'approved',
        photoURL: account.picture,
        provider: 'google',
      },
    });
  });

  it('gives a removed user no session and says the account is deactivated', async () => {
    const account = addIssuerAccount('Rob');
    await signInWithGoogle(account.subject);
    await t.app.services.db
      .update(users)
      .set({ status: 'removed', role: 'sales_rep' })
      .where(eq(users.email, account.email));
    expectRefused(await signInWithGoogle(account.subject), 'deactivated');
  });

  it('gives a user declined after approval no session and says the account is deactivated', async () => {
    const account = addIssuerAccount('Dina');
    await signInWithGoogle(account.subject);
    await t.app.services.db
      .update(users)
      .set({ status: 'declined', role: 'sales_rep' })
      .where(eq(users.email, account.email));
    expectRefused(await signInWithGoogle(account.subject), 'deactivated');
  });

  it('gives a declined sign-up no session and says the account is deactivated', async () => {
    const account = addIssuerAccount('Dora');
    const first = await signInWithGoogle(account.subject);
    expect(first.headers.location).toBe('/unapproved');
    // What declining a pending sign-up does (users/decline-user.ts): the status changes, the
    // role stays 'pending'. SPEC.md: sign-in is refused for declined as 'deactivated'.
    await t.app.services.db
      .update(users)
      .set({ status: 'declined' })
      .where(eq(users.email, account.email));
    expectRefused(await signInWithGoogle(account.subject), 'deactivated');
  });
});

describe('Google sign-in for an address that has a password account', () => {
  const owner = { email: 'victim@example.com', password: 'the owner passphrase', name: 'Vic' };
  let ownerId: string;

  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: owner,
    });
    expect(res.statusCode, res.body).toBe(201);
    ownerId = res.json().user.id;
    await t.app.services.db
      .update(users)
      .set({ status: 'approved', role: 'sales_rep' })
      .where(eq(users.id, ownerId));
  });

  /** A Google identity that claims the owner's address, verified, in upper case. */
  function addClaimant() {
    return addIssuerAccount('Not Vic', { email: 'VICTIM@example.com' }).subject;
  }

  function linkCookieOf(res: InjectResponse) {
    return res.cookies.find((c) => c.name === 'deck_google_link' && c.value !== '')?.value;
  }

  function passwordSignIn(
    account: { email: string; password: string },
    linkToken: string | undefined,
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.email, password: account.password },
      ...(linkToken ? { cookies: { deck_google_link: linkToken } } : {}),
    });
  }

  async function identitiesOf(userId: string) {
    return t.app.services.db.select().from(identities).where(eq(identities.userId, userId));
  }

  it('never signs in by the address alone: it asks for the password and links nothing', async () => {
    const res = await signInWithGoogle(addClaimant());
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?error=google_link_needs_password');
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(linkCookieOf(res)).toBeTruthy();
    expect(await identitiesOf(ownerId)).toEqual([]);

    // Someone holding only the Google account cannot finish the link with a wrong password.
    const guess = await passwordSignIn(
      { ...owner, password: 'not the password' },
      linkCookieOf(res),
    );
    expect(guess.statusCode).toBe(401);
    expect(await identitiesOf(ownerId)).toEqual([]);
  });

  it('links the identity once the owner enters the password in the same browser', async () => {
    const subject = addClaimant();
    const held = await signInWithGoogle(subject);
    const signedIn = await passwordSignIn(owner, linkCookieOf(held));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.id).toBe(ownerId);
    expect(await identitiesOf(ownerId)).toMatchObject([{ issuer: issuer.issuer, subject }]);
    const mails = await t.app.services.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, owner.email));
    expect(mails.map((mail) => mail.subject)).toContain(
      'Google sign-in was linked to your Deck Portal account',
    );

    // From now on Google signs the owner straight in.
    const google = await signInWithGoogle(subject);
    expect(google.headers.location).toBe('/dashboard');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionCookieOf(google)! },
    });
    expect(session.json().user.id).toBe(ownerId);
  });

  it('links nothing when the password is for another account', async () => {
    const other = { email: 'other@example.com', password: 'other passphrase', name: 'Otto' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: other,
    });
    const otherId = created.json().user.id as string;
    await t.app.services.db
      .update(users)
      .set({ status: 'approved', role: 'sales_rep' })
      .where(eq(users.id, otherId));
    const held = await signInWithGoogle(addClaimant());
    const res = await passwordSignIn(other, linkCookieOf(held));
    expect(res.statusCode).toBe(200);
    expect(await identitiesOf(otherId)).toEqual([]);
  });

  it('refuses a new account for an address the provider does not vouch for', async () => {
    const { subject } = addIssuerAccount('Una', {
      email: 'unverified@gmail.test',
      email_verified: false,
    });
    expectRefused(await signInWithGoogle(subject));
    expect(await userByEmail('unverified@gmail.test')).toEqual([]);
  });
});

describe('Google sign-in refusals', () => {
  let approvedSubject: string;

  beforeAll(async () => {
    const account = addIssuerAccount('Vera');
    await signInWithGoogle(account.subject);
    await t.app.services.db
      .update(users)
      .set({ status: 'approved', role: 'sales_rep' })
      .where(eq(users.email, account.email));
    approvedSubject = account.subject;
  });

  it('refuses a callback whose state cookie is missing or belongs to another flow', async () => {
    const { state, callbackUrl } = await loginAtIssuer(approvedSubject);
    const other = await startGoogle();

    expectRefused(await callback(callbackUrl, undefined));
    expectRefused(await callback(callbackUrl, other.state));
    expectRefused(await callback(callbackUrl, `${state}x`));

    // The same callback from the browser that started the flow succeeds: the state was the
    // only thing wrong above.
    const own = await callback(callbackUrl, state);
    expect(own.headers.location).toBe('/dashboard');
    expect(sessionCookieOf(own)).toBeDefined();
  });

  it('refuses a replayed callback, and a replayed code even when its flow is still known', async () => {
    const { state, callbackUrl } = await loginAtIssuer(approvedSubject);
    const [flow] = await t.app.services.db
      .select()
      .from(oidcFlows)
      .where(eq(oidcFlows.state, state));
    const first = await callback(callbackUrl, state);
    expect(first.headers.location).toBe('/dashboard');

    // The flow was consumed by the first use.
    expectRefused(await callback(callbackUrl, state));

    // Put the flow back: the provider itself must now refuse the used code.
    await t.app.services.db.insert(oidcFlows).values(flow!);
    expectRefused(await callback(callbackUrl, state));
  });

  it('refuses an ID token issued to another client (wrong audience)', async () => {
    const account = addIssuerAccount('Walt');
    // The user authorises the other relying party, and the token endpoint answers as if the
    // portal were that party: a valid, signed ID token whose audience is not the portal.
    const { state, callbackUrl } = await loginAtIssuer(account.subject, (url) =>
      url.searchParams.set('client_id', issuer.otherClient.clientId),
    );
    issuer.authenticateTokenRequestsAs(issuer.otherClient);
    try {
      expectRefused(await callback(callbackUrl, state));
    } finally {
      issuer.authenticateTokenRequestsAs(null);
    }
    expect(await userByEmail(account.email)).toEqual([]);
  });

  it('refuses a flow whose PKCE verifier or nonce does not match', async () => {
    const account = addIssuerAccount('Pia');
    for (const change of [{ codeVerifier: 'x'.repeat(43) }, { nonce: 'not-the-nonce' }]) {
      const { state, callbackUrl } = await loginAtIssuer(account.subject);
      await t.app.services.db.update(oidcFlows).set(change).where(eq(oidcFlows.state, state));
      expectRefused(await callback(callbackUrl, state));
    }
    expect(await userByEmail(account.email)).toEqual([]);
  });
});

describe('Google not configured', () => {
  it('sends "Continue with Google" back to /auth with google_not_configured', async () => {
    for (const url of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y']) {
      const res = await unconfigured.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth?error=google_not_configured');
      expect(sessionCookieOf(res)).toBeUndefined();
    }
  });
});
