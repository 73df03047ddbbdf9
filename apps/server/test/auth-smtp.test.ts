import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema.ts';
import { sessionCookieOf, setAccount, signUp } from './helpers/accounts.ts';
import { startSmtpMailbox, type SmtpMailbox } from './helpers/smtp-mailbox.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';

const mailFrom = 'Deck Portal <no-reply@portal.test>';

// One app and one mail server for the file: building the app on a fresh database is the slow part.
let mailbox: SmtpMailbox;
let t: TestApp;
const clock = createTestClock(new Date());

beforeAll(async () => {
  mailbox = await startSmtpMailbox();
  t = await createTestApp({ clock, env: { SMTP_URL: mailbox.url, MAIL_FROM: mailFrom } });
});
afterAll(async () => {
  await t?.app.close();
  await mailbox?.close();
});

async function outboxFor(email: string) {
  return t.app.services.db.select().from(outboxMails).where(eq(outboxMails.to, email));
}

/** Reads until `isDone` (at most 10 s): the mail server sees a mail before the outbox row is marked. */
async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('password reset over real SMTP', () => {
  // The first account on the database: an approved admin, so its sign-up mails nobody.
  const account = { email: 'rita@example.com', password: 'first long passphrase', name: 'Rita' };

  it('mails a link built from PUBLIC_URL that resets the password, then says so', async () => {
    expect(t.app.services.mailer.kind).toBe('smtp');
    const { cookie: oldCookie } = await signUp(t.app, account);
    expect(oldCookie).toBeDefined();

    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: 'evil.example' },
      payload: { email: account.email },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toEqual({ ok: true });

    const resetMail = await mailbox.waitForMail(
      (m) => m.envelopeTo.includes(account.email) && /reset/i.test(m.subject),
    );
    expect(resetMail.envelopeFrom).toBe('no-reply@portal.test');
    expect(resetMail.headers.get('from')).toContain('no-reply@portal.test');
    expect(resetMail.headers.get('to')).toContain(account.email);
    expect(resetMail.subject).toBe('Reset your Deck Portal password');
    const links = resetMail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    const link = new URL(links[0]!);
    // Built from the configured public URL, never from the Host header of the request.
    expect(link.origin + link.pathname).toBe('http://portal.test/auth/reset');
    const token = link.searchParams.get('token');
    expect(token).toMatch(/^[\w-]{32,}$/);

    const newPassword = 'second long passphrase';
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: newPassword },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const withOld = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.email, password: account.password },
    });
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json().error.code).toBe('invalid_credentials');
    expect(sessionCookieOf(withOld)).toBeUndefined();

    const withNew = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.email, password: newPassword },
    });
    expect(withNew.statusCode, withNew.body).toBe(200);
    expect(withNew.json().user.email).toBe(account.email);
    expect(sessionCookieOf(withNew)).toBeDefined();

    // The reset ended the session the account had before.
    const oldSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: oldCookie! },
    });
    expect(oldSession.json()).toEqual({ user: null });

    // The link is single use.
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'third long passphrase' },
    });
    expect(reused.statusCode).toBe(400);

    const changedMail = await mailbox.waitForMail(
      (m) => m.envelopeTo.includes(account.email) && /changed/i.test(m.subject),
    );
    expect(changedMail.subject).toBe('Your Deck Portal password was changed');
    expect(changedMail.text).toContain('http://portal.test/auth');
    expect(changedMail.text).not.toContain('token=');

    const outbox = await waitFor(
      () => outboxFor(account.email),
      (rows) => rows.length === 2 && rows.every((row) => row.sentAt !== null),
    );
    expect(outbox).toHaveLength(2);
    for (const mail of outbox) {
      expect(mail.sentAt).not.toBeNull();
      expect(mail.lastError).toBeNull();
    }
    expect(mailbox.received.filter((m) => m.envelopeTo.includes(account.email))).toHaveLength(2);
  });

  it('sends nothing for an unknown address and answers the same', async () => {
    const before = mailbox.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'nobody@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await t.app.services.mailer.deliverPending();
    expect(mailbox.received.length).toBe(before);
    const outbox = await t.app.services.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, 'nobody@example.com'));
    expect(outbox).toEqual([]);
  });
});

describe('an SMTP server that refuses the mail', () => {
  const account = { email: 'sam@example.com', password: 'a long passphrase', name: 'Sam' };
  afterAll(() => mailbox.refuseWith(null));

  it('keeps the mail in the outbox with the error, answers 200, and sends it on a later try', async () => {
    await signUp(t.app, account);
    // Only an account that could sign in gets a reset mail.
    await setAccount(t.app, account.email, { role: 'sales_rep', status: 'approved' });
    // The sign-up told the admin by mail; let that go out before the server starts refusing.
    await t.app.services.mailer.deliverPending();
    mailbox.refuseWith('Mailbox unavailable for testing');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: account.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const [failed, ...others] = await waitFor(
      () => outboxFor(account.email),
      (rows) => rows.some((row) => row.lastError !== null),
    );
    expect(others).toEqual([]);
    expect(failed).toBeDefined();
    expect(failed!.sentAt).toBeNull();
    expect(failed!.attempts).toBe(1);
    expect(failed!.lastError).toContain('Mailbox unavailable for testing');
    expect(mailbox.received.filter((m) => m.envelopeTo.includes(account.email))).toEqual([]);

    // Once the server accepts again, the retry (after the claim times out) delivers it.
    mailbox.refuseWith(null);
    clock.advance(61_000);
    await t.app.services.mailer.deliverPending();
    const [sent] = await outboxFor(account.email);
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.attempts).toBe(2);
    const mail = await mailbox.waitForMail((m) => m.envelopeTo.includes(account.email));
    expect(mail.text).toMatch(/http:\/\/portal\.test\/auth\/reset\?token=[\w-]+/);
  });
});
