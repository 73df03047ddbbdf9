import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@deck-portal/domain';
import { outboxMails } from '../src/db/schema.ts';
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

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://decks.example.com' } });
  await createAdmin(t.app);
});
afterAll(async () => {
  await t.app.close();
});

async function approvedAccount() {
  const account = newAccount('Reset Tester');
  await signUp(t.app, account);
  await setAccount(t.app, account.email, { status: 'approved', role: 'sales_rep' });
  return account;
}

// Each request from an address of its own unless a test says otherwise: the limits per
// address are tested on their own below.
let requests = 0;
const requestReset = (
  email: string,
  headers: Record<string, string> = {},
  remoteAddress = `10.9.${(requests += 1) >> 8}.${requests & 255}`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers,
    payload: { email },
    remoteAddress,
  });

const confirm = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
  });

/** Every reset token mailed to the address (in no particular order: rows move when updated). */
async function resetTokens(email: string) {
  const mails = await t.app.services.db.select().from(outboxMails).where(eq(outboxMails.to, email));
  return mails.flatMap((mail) => {
    const link = mail.text.match(/https:\/\/\S+\/auth\/reset\?token=([\w-]+)/);
    return link ? [link[1]!] : [];
  });
}

/** The token of the one reset mail sent to the address so far. */
async function onlyResetToken(email: string) {
  const tokens = await resetTokens(email);
  expect(tokens).toHaveLength(1);
  return tokens[0];
}

describe('password reset', () => {
  it('mails a link built from PUBLIC_URL (never the Host header) and sets a new password', async () => {
    const account = await approvedAccount();
    const res = await requestReset(account.email.toUpperCase(), {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await t.app.services.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, account.email));
    expect(mail?.text).toContain('https://decks.example.com/auth/reset?token=');
    expect(mail?.text).not.toContain('evil.example');

    const token = (await onlyResetToken(account.email))!;
    expect((await confirm(token, 'a brand new passphrase')).statusCode).toBe(200);
    expect((await signIn(t.app, account)).statusCode).toBe(401);
    expect(
      (await signIn(t.app, { ...account, password: 'a brand new passphrase' })).statusCode,
    ).toBe(200);

    const changed = await t.app.services.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, account.email));
    expect(changed.map((m) => m.subject)).toContain('Your Deck Portal password was changed');
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const account = await approvedAccount();
    const known = await requestReset(account.email);
    const ghost = `nobody.${Date.now()}@example.com`;
    const unknown = await requestReset(ghost);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(
      await t.app.services.db.select().from(outboxMails).where(eq(outboxMails.to, ghost)),
    ).toHaveLength(0);
  });

  it('asks for a valid address', async () => {
    const empty = await requestReset('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.email).toBe(authMessages.resetNeedsEmail);
    const invalid = await requestReset('not-an-address');
    expect(invalid.json().error.fields.email).toBe(authMessages.resetInvalidEmail);
  });

  it('refuses a used link', async () => {
    const account = await approvedAccount();
    await requestReset(account.email);
    const token = (await onlyResetToken(account.email))!;
    expect((await confirm(token, 'first new passphrase')).statusCode).toBe(200);
    const again = await confirm(token, 'second new passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_token',
      message: authMessages.invalidResetLink,
    });
    expect((await signIn(t.app, { ...account, password: 'first new passphrase' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a link after an hour', async () => {
    const account = await approvedAccount();
    await requestReset(account.email);
    const token = (await onlyResetToken(account.email))!;
    clock.advance(60 * 60_000 + 1000);
    expect((await confirm(token, 'too late passphrase')).statusCode).toBe(400);
    expect((await signIn(t.app, account)).statusCode).toBe(200);
  });

  it('voids an older link when a newer one is sent', async () => {
    const account = await approvedAccount();
    await requestReset(account.email);
    const older = (await onlyResetToken(account.email))!;
    await requestReset(account.email);
    const tokens = await resetTokens(account.email);
    expect(tokens).toHaveLength(2);
    // The test clock stands still: both mails have one time, so the newer is the other one.
    const newer = tokens.find((token) => token !== older)!;
    expect(newer).toBeDefined();
    expect((await confirm(older, 'older link passphrase')).statusCode).toBe(400);
    expect((await confirm(newer, 'newer link passphrase')).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent uses win', async () => {
    const account = await approvedAccount();
    await requestReset(account.email);
    const token = (await onlyResetToken(account.email))!;
    const results = await Promise.all([
      confirm(token, 'racing passphrase one'),
      confirm(token, 'racing passphrase two'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner =
      results[0]!.statusCode === 200 ? 'racing passphrase one' : 'racing passphrase two';
    expect((await signIn(t.app, { ...account, password: winner })).statusCode).toBe(200);
  });

  it('ends every session of the user', async () => {
    const account = await approvedAccount();
    const signedIn = await signIn(t.app, account);
    // Served over HTTPS, the cookie is __Host- prefixed and Secure.
    expect(signedIn.cookies[0]).toMatchObject({ name: '__Host-deck_session', secure: true });
    const cookie = sessionCookieOf(signedIn)!;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()
        .user,
    ).not.toBeNull();
    await requestReset(account.email);
    await confirm((await onlyResetToken(account.email))!, 'ends all sessions pass');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json()).toEqual({ user: null });
  });

  it('refuses a common password and leaves the link usable', async () => {
    const account = await approvedAccount();
    await requestReset(account.email);
    const token = (await onlyResetToken(account.email))!;
    const common = await confirm(token, 'password1234');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe(authMessages.commonPassword);
    expect((await confirm(token, 'an uncommon passphrase')).statusCode).toBe(200);
  });

  it('limits requests for an address to 3 a minute and 5 an hour, and mails nothing over them', async () => {
    clock.set(new Date('2026-11-02T14:00:00Z'));
    const account = await approvedAccount();
    for (let i = 0; i < 3; i++) expect((await requestReset(account.email)).statusCode).toBe(200);
    const limited = await requestReset(account.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(authMessages.tooManyResetRequests);
    expect(Number(limited.headers['retry-after'])).toBe(60);
    expect(await resetTokens(account.email)).toHaveLength(3);

    clock.advance(60_000);
    for (let i = 0; i < 2; i++) expect((await requestReset(account.email)).statusCode).toBe(200);
    // Five this hour: the hour's limit holds after the minute's has passed.
    clock.advance(60_000);
    const hourly = await requestReset(account.email);
    expect(hourly.statusCode).toBe(429);
    expect(Number(hourly.headers['retry-after'])).toBe(58 * 60);
    expect(await resetTokens(account.email)).toHaveLength(5);
  });

  it('limits requests from one IP address to 3 a minute, whatever addresses they name', async () => {
    clock.set(new Date('2026-11-02T15:00:00Z'));
    const accounts = [];
    for (let i = 0; i < 4; i++) accounts.push(await approvedAccount());
    const ip = '203.0.113.7';
    for (const account of accounts.slice(0, 3)) {
      expect((await requestReset(account.email, {}, ip)).statusCode).toBe(200);
    }
    const fourth = accounts[3]!;
    const limited = await requestReset(fourth.email, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(authMessages.tooManyResetRequests);
    expect(Number(limited.headers['retry-after'])).toBe(60);
    expect(await resetTokens(fourth.email)).toEqual([]);
    // Another address is not held up by this one, and this one may ask again after the minute.
    expect((await requestReset(fourth.email, {}, '203.0.113.8')).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await requestReset(accounts[0]!.email, {}, ip)).statusCode).toBe(200);
  });
});
