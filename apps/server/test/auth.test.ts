import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@deck-portal/domain';
import { requireApproved } from '../src/auth/auth-hooks.ts';
import { notifications, outboxMails, sessions, users } from '../src/db/schema.ts';
import { hashToken } from '../src/auth/tokens.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';
import {
  createAdmin,
  newAccount,
  sessionCookieOf,
  setAccount,
  signIn,
  signUp,
} from './helpers/accounts.ts';

const clock = createTestClock();
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { ADMIN_EMAILS: 'chief@example.com, Second.Chief@example.com' },
    extraRoutes: (app) =>
      app.get('/api/test/approved-only', { preHandler: requireApproved() }, async (request) => ({
        role: request.user!.role,
      })),
  });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const mailsTo = (email: string) =>
  t.app.services.db.select().from(outboxMails).where(eq(outboxMails.to, email));

describe('sign-up', () => {
  it('makes the first account on an instance an approved admin', () => {
    expect(admin.user).toMatchObject({ role: 'admin', status: 'approved' });
  });

  it('creates later accounts pending, tells the admins, and starts a session', async () => {
    const account = newAccount('Rita Rep');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: account });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: account.email,
      name: 'Rita Rep',
      role: 'pending',
      status: 'pending_approval',
      provider: 'password',
    });
    const [row] = await t.app.services.db
      .select()
      .from(users)
      .where(eq(users.email, account.email));
    expect(row?.requestedAt).toEqual(clock.now());
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const [notification] = await t.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.subjectUserId, row!.id));
    expect(notification).toMatchObject({
      message: `New user sign-up: Rita Rep (${account.email})`,
      read: false,
    });
    const adminMails = await mailsTo(admin.account.email);
    expect(adminMails.some((mail) => mail.text.includes(`Rita Rep (${account.email})`))).toBe(true);

    const cookie = sessionCookieOf(res);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user).toMatchObject({ email: account.email, status: 'pending_approval' });
  });

  it('approves addresses in ADMIN_EMAILS as admins, whatever their case', async () => {
    const { user } = await signUp(t.app, { ...newAccount(), email: 'second.chief@EXAMPLE.com' });
    expect(user).toMatchObject({ role: 'admin', status: 'approved' });
  });

  it('refuses a taken address, a common password and bad fields, and stores nothing', async () => {
    const before = await t.app.services.db.select().from(users);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { ...newAccount(), email: admin.account.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('email_taken');

    const common = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { ...newAccount(), password: 'iloveyou123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe(authMessages.commonPassword);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'not-an-address', password: 'short', name: '   ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters.',
      name: 'Full name is required.',
    });

    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { ...newAccount(), password: 'x'.repeat(129) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.password).toBe('Password must be at most 128 characters.');

    expect(await t.app.services.db.select().from(users)).toHaveLength(before.length);
  });

  it('refuses a cross-site request and changes nothing', async () => {
    const account = newAccount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: account,
    });
    expect(res.statusCode).toBe(403);
    expect(await mailsTo(account.email)).toHaveLength(0);
    const rows = await t.app.services.db.select().from(users).where(eq(users.email, account.email));
    expect(rows).toHaveLength(0);
  });
});

describe('sign-in', () => {
  it('gives an approved user a new session', async () => {
    const res = await signIn(t.app, admin.account);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(admin.account.email);
    const cookie = res.cookies.find((c) => c.name === 'deck_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sessionCookieOf(res)).not.toBe(admin.cookie);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await signIn(t.app, { email: admin.account.email, password: 'not the password' });
    const unknown = await signIn(t.app, {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().error).toEqual({
      code: 'invalid_credentials',
      message: authMessages.wrongCredentials,
    });
    expect(wrong.cookies).toEqual([]);
    expect(unknown.cookies).toEqual([]);
  });

  it('tells a pending account so only after a correct password, without a session', async () => {
    const account = newAccount();
    await signUp(t.app, account);
    const wrong = await signIn(t.app, { ...account, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    const right = await signIn(t.app, account);
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({
      code: 'pending_approval',
      message: authMessages.pendingApproval,
    });
    expect(sessionCookieOf(right)).toBeUndefined();
  });

  it.each(['declined', 'removed'] as const)(
    'refuses a %s account without a session',
    async (status) => {
      const account = newAccount();
      await signUp(t.app, account);
      await setAccount(t.app, account.email, { status, role: 'sales_rep' });
      const res = await signIn(t.app, account);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'deactivated', message: authMessages.deactivated });
      expect(sessionCookieOf(res)).toBeUndefined();
    },
  );
});

describe('throttling', () => {
  it('answers 429 with Retry-After after 10 failures for one e-mail, and recovers', async () => {
    const account = newAccount();
    await signUp(t.app, account);
    await setAccount(t.app, account.email, { status: 'approved', role: 'sales_rep' });
    for (let i = 0; i < 10; i++) {
      const res = await signIn(t.app, { ...account, password: `wrong ${i}` }, `10.0.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(t.app, account, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'too_many_requests',
      message: authMessages.tooManyAttempts,
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // A throttled user can still ask for a reset link.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: account.email },
    });
    expect(reset.statusCode).toBe(200);

    clock.advance(15 * 60_000);
    expect((await signIn(t.app, account, '10.0.1.1')).statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses before checking them: exactly 10 are checked', async () => {
    const account = newAccount();
    await signUp(t.app, account);
    await setAccount(t.app, account.email, { status: 'approved', role: 'sales_rep' });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        signIn(t.app, { ...account, password: `burst guess ${i}` }, `10.2.0.${i}`),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    clock.advance(15 * 60_000);
  });

  it('does not count right passwords as failures', async () => {
    const account = newAccount();
    await signUp(t.app, account);
    await setAccount(t.app, account.email, { status: 'approved', role: 'sales_rep' });
    for (let i = 0; i < 12; i++) {
      expect((await signIn(t.app, account, '10.3.0.1')).statusCode).toBe(200);
    }
    for (let i = 0; i < 9; i++) {
      await signIn(t.app, { ...account, password: `wrong ${i}` }, '10.3.0.1');
    }
    expect((await signIn(t.app, account, '10.3.0.1')).statusCode).toBe(200);
    clock.advance(15 * 60_000);
  });

  it("does not let an address past its own limit spend an account's", async () => {
    const { app } = await createTestApp({ clock, env: { IP_ATTEMPT_LIMIT: '3' } });
    try {
      const account = newAccount();
      await signUp(app, account);
      await setAccount(app, account.email, { status: 'approved', role: 'sales_rep' });
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        statuses.push(
          (await signIn(app, { ...account, password: `wrong ${i}` }, '10.7.7.7')).statusCode,
        );
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(22);
      expect((await signIn(app, account, '10.7.7.8')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('throttles an unknown e-mail the same way', async () => {
    const email = `ghost.${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) {
      await signIn(t.app, { email, password: 'whatever it is' }, `10.1.0.${i}`);
    }
    expect(
      (await signIn(t.app, { email, password: 'whatever it is' }, '10.1.1.1')).statusCode,
    ).toBe(429);
    clock.advance(15 * 60_000);
  });

  it('throttles one address trying many e-mails', async () => {
    const { app } = await createTestApp({ clock, env: { IP_ATTEMPT_LIMIT: '3' } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await signIn(
          app,
          { email: `x${i}@example.com`, password: 'wrong one' },
          '10.9.9.9',
        );
        expect(res.statusCode).toBe(401);
      }
      const blocked = await signIn(
        app,
        { email: 'x9@example.com', password: 'wrong one' },
        '10.9.9.9',
      );
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await signIn(
        app,
        { email: 'x9@example.com', password: 'wrong one' },
        '10.9.9.8',
      );
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('sessions', () => {
  async function approvedUser() {
    const account = newAccount();
    await signUp(t.app, account);
    await setAccount(t.app, account.email, { status: 'approved', role: 'sales_rep' });
    const res = await signIn(t.app, account);
    return { account, cookie: sessionCookieOf(res)! };
  }
  const whoAmI = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/test/approved-only', headers: { cookie } });

  it('stores only the hash of the token, and the stored hash does not work as a cookie', async () => {
    const { cookie } = await approvedUser();
    const token = cookie.split('=')[1]!;
    const stored = await t.app.services.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    const all = await t.app.services.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(all.some((row) => row.tokenHash === token)).toBe(false);

    const stolen = await whoAmI(`deck_session=${stored[0]!.tokenHash}`);
    expect(stolen.statusCode).toBe(401);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
  });

  it('ends the session at sign-out, so the old cookie no longer works', async () => {
    const { cookie } = await approvedUser();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'deck_session')?.value).toBe('');
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json()).toEqual({ user: null });
  });

  it('rotates the token at sign-in and ends the one the browser had', async () => {
    const { account, cookie } = await approvedUser();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { cookie },
      payload: { email: account.email, password: account.password },
    });
    const fresh = sessionCookieOf(again)!;
    expect(fresh).not.toBe(cookie);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect((await whoAmI(fresh)).statusCode).toBe(200);
  });

  it('expires after 7 idle days', async () => {
    const { cookie } = await approvedUser();
    clock.advance(6 * 24 * 3600_000);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    clock.advance(6 * 24 * 3600_000);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    clock.advance(7 * 24 * 3600_000 + 1000);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('expires 30 days after sign-in however active the user is', async () => {
    const { cookie } = await approvedUser();
    // Active every third day, up to day 29…
    for (let day = 3; day <= 27; day += 3) {
      clock.advance(3 * 24 * 3600_000);
      expect((await whoAmI(cookie)).statusCode).toBe(200);
    }
    clock.advance(2 * 24 * 3600_000);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    // …and out on day 30.
    clock.advance(24 * 3600_000 + 1000);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('sees a role or status change on the very next request', async () => {
    const { account, cookie } = await approvedUser();
    expect((await whoAmI(cookie)).json()).toEqual({ role: 'sales_rep' });
    await setAccount(t.app, account.email, { role: 'manager' });
    expect((await whoAmI(cookie)).json()).toEqual({ role: 'manager' });
    await setAccount(t.app, account.email, { status: 'removed' });
    const refused = await whoAmI(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('deactivated');
  });

  it('answers 401 to an anonymous caller and 403 pending_approval to a pending one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/approved-only' })).statusCode).toBe(
      401,
    );
    const { cookie } = await signUp(t.app, newAccount());
    const pending = await whoAmI(cookie);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.code).toBe('pending_approval');
  });
});

describe('notify-admin', () => {
  it('never duplicates the sign-up notification and refuses anonymous callers', async () => {
    const account = newAccount('Nora Notify');
    const { user, cookie } = await signUp(t.app, account);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notify-admin',
      headers: { cookie },
      payload: { userEmail: 'someone.else@example.com', userName: 'Someone', userRole: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, notified: false });
    const rows = await t.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.subjectUserId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.message).toContain(account.email);

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/notify-admin', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
