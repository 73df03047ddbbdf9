import { eq } from 'drizzle-orm';
import type { Role } from '@deck-portal/domain';
import type { App } from '../../src/app.ts';
import { users } from '../../src/db/schema.ts';

export type Account = { email: string; password: string; name: string };

let counter = 0;
/** A new, unique account description. */
export function newAccount(name = 'Test User'): Account {
  counter += 1;
  return {
    email: `user${counter}.${Date.now()}@example.com`,
    password: `a fine passphrase ${counter}`,
    name,
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name.endsWith('deck_session') && c.value !== '');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

export async function signUp(app: App, account: Account) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: account });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return {
    user: res.json().user as { id: string; role: string; status: string },
    cookie: sessionCookieOf(res)!,
  };
}

export async function signIn(app: App, account: Pick<Account, 'email' | 'password'>, ip?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: account.password },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

/** Sets a user's role and status straight in the database, as an administrator's action would. */
export async function setAccount(
  app: App,
  email: string,
  values: Partial<Pick<typeof users.$inferInsert, 'role' | 'status'>>,
) {
  await app.services.db.update(users).set(values).where(eq(users.email, email));
}

/** The first account on a fresh database: the approved administrator. */
export async function createAdmin(app: App) {
  const account = newAccount('Ada Admin');
  const { user, cookie } = await signUp(app, account);
  return { account, user, cookie };
}

/** A signed-in, approved account with `role`: the account, its user and its session cookie. */
export async function approvedAccount(app: App, name: string, role: Role) {
  const account = newAccount(name);
  const { user } = await signUp(app, account);
  await setAccount(app, account.email, { status: 'approved', role });
  return { account, user, cookie: sessionCookieOf(await signIn(app, account))! };
}

/** A signed-in, approved account with `role`: its session cookie. */
export async function approvedCookie(app: App, name: string, role: Role) {
  return (await approvedAccount(app, name, role)).cookie;
}

/**
 * Calls the app as the holder of `cookie` (none: signed out), as the browser would: a same-origin
 * `Origin` on changes, and waiting for a generation to finish rather than answering at once.
 */
export function requestAs(
  app: App,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      prefer: 'wait=60',
      ...(method === 'GET' ? {} : { origin: 'http://portal.test' }),
    },
    ...(payload ? { payload } : {}),
  });
}
