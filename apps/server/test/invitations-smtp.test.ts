import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, users } from '../src/db/schema.ts';
import { startSmtpMailbox, type SmtpMailbox } from './helpers/smtp-mailbox.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';
import {
  createAdmin,
  newAccount,
  sessionCookieOf,
  setAccount,
  signIn,
  signUp,
} from './helpers/accounts.ts';

let mailbox: SmtpMailbox;
let t: TestApp;
const clock = createTestClock(new Date());
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  mailbox = await startSmtpMailbox();
  t = await createTestApp({ clock, env: { SMTP_URL: mailbox.url } });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.app.close();
  await mailbox?.close();
});

/** `cookie: null` calls anonymously. */
function invite(payload: object, cookie: string | null = admin.cookie) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/invitations',
    ...(cookie ? { headers: { cookie } } : {}),
    payload,
  });
}
function acceptInvite(token: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/accept-invite',
    payload: { token, password },
  });
}

/** Waits for the invitation mail to `email` over SMTP and returns its one link and token. */
async function invitationLink(email: string) {
  const mail = await mailbox.waitForMail(
    (m) => m.envelopeTo.includes(email) && /invited you/.test(m.subject),
  );
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  const url = new URL(links[0]!);
  return { mail, url, token: url.searchParams.get('token')! };
}

describe('an invitation over real SMTP', () => {
  it('mails a link that sets a password; the invitee arrives approved with the role and signs in', async () => {
    const email = 'invited.manager@example.com';
    const res = await invite({
      email: ' Invited.Manager@Example.com ',
      name: 'Ivy Invited',
      role: 'manager',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      invitation: {
        email,
        name: 'Ivy Invited',
        role: 'manager',
        expiresAt: new Date(clock.now().getTime() + 7 * 24 * 3600_000).toISOString(),
      },
    });

    const { mail, url, token } = await invitationLink(email);
    expect(mail.subject).toBe('Ada Admin invited you to Deck Portal');
    expect(mail.text).toContain('Sales Manager');
    expect(`${url.origin}${url.pathname}`).toBe('http://portal.test/auth/invite');
    // Only the token's hash is stored.
    const [stored] = await t.app.services.db.select().from(invitations);
    expect(stored!.tokenHash).not.toBe(token);

    const accepted = await acceptInvite(token, 'my own new passphrase');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({
      email,
      name: 'Ivy Invited',
      role: 'manager',
      status: 'approved',
    });
    const cookie = sessionCookieOf(accepted)!;
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json().user).toMatchObject({ email, role: 'manager', status: 'approved' });

    const signedIn = await signIn(t.app, { email, password: 'my own new passphrase' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'manager', status: 'approved' });

    const audit = await t.app.services.db.select().from(auditLog);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorId: admin.user.id,
          action: 'user.invited',
          targetEmail: email,
          newValue: 'manager',
        }),
        expect.objectContaining({
          action: 'invitation.accepted',
          targetEmail: email,
          newValue: 'manager',
        }),
      ]),
    );

    // The same link a second time is refused and changes nothing.
    const reused = await acceptInvite(token, 'another passphrase here');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_token');
    expect((await signIn(t.app, { email, password: 'my own new passphrase' })).statusCode).toBe(
      200,
    );
  });

  it('voids an older invitation when the address is invited again', async () => {
    const email = 'twice.invited@example.com';
    await invite({ email, name: 'Twice', role: 'sales_rep' });
    const first = await invitationLink(email);
    mailbox.received.length = 0;
    await invite({ email, name: 'Twice', role: 'admin' });
    const second = await invitationLink(email);
    expect((await acceptInvite(first.token, 'first link passphrase')).statusCode).toBe(400);
    const accepted = await acceptInvite(second.token, 'second link passphrase');
    expect(accepted.json().user.role).toBe('admin');
  });

  it('refuses a common password without using up the link', async () => {
    const email = 'weak.password@example.com';
    await invite({ email, name: 'Weak', role: 'sales_rep' });
    const { token } = await invitationLink(email);
    const weak = await acceptInvite(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBeTruthy();
    expect((await acceptInvite(token, 'a much better passphrase')).statusCode).toBe(200);
  });

  it('answers 409 for an address that already has an account', async () => {
    const account = newAccount('Existing Person');
    await signUp(t.app, account);
    const res = await invite({ email: account.email, name: 'Existing Person', role: 'manager' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.email).toBe(
      'An account with this email address already exists.',
    );
  });

  it('refuses bad input with field messages', async () => {
    const res = await invite({ email: 'not-an-email', name: ' ', role: 'boss' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Please enter a valid email address.',
      name: 'Full name is required.',
      role: 'Choose one of: Sales Representative, Sales Manager, Content Editor, Administrator.',
    });
    const badToken = await acceptInvite('short', 'a fine passphrase');
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().error.fields.token).toBeTruthy();
  });

  it('tells a non-admin "Only admins can invite users" (403) and an anonymous caller 401, sending nothing', async () => {
    const account = newAccount('Rep Inviter');
    const { cookie } = await signUp(t.app, account);
    await setAccount(t.app, account.email, { role: 'manager', status: 'approved' });
    const before = await t.app.services.db.select().from(invitations);
    const res = await invite(
      { email: 'friend@example.com', name: 'Friend', role: 'admin' },
      cookie,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only admins can invite users');
    expect((await invite({ email: 'friend@example.com', name: 'Friend' }, null)).statusCode).toBe(
      401,
    );
    expect(await t.app.services.db.select().from(invitations)).toEqual(before);
  });

  // Last: moving the clock a week on also idles out the admin's session.
  it('refuses an expired link (after 7 days) and creates no account', async () => {
    const email = 'late.invitee@example.com';
    expect((await invite({ email, name: 'Late Invitee', role: 'sales_rep' })).statusCode).toBe(201);
    const { token } = await invitationLink(email);
    clock.advance(7 * 24 * 3600_000 + 1000);
    const res = await acceptInvite(token, 'a late passphrase');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_token',
      message:
        'This invitation link is invalid, has expired or was already used. Please ask an administrator for a new one.',
    });
    expect(await t.app.services.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
