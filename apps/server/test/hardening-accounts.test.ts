import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails, passwordResetTokens, users } from '../src/db/schema.ts';
import { sentSecretText } from '../src/mail/mailer.ts';
import { mailQuotaMessage } from '../src/auth/mail-quota.ts';
import {
  approvedAccount,
  approvedCookie,
  createAdmin,
  newAccount,
  setAccount,
  signIn,
  signUp,
} from './helpers/accounts.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { waitFor } from './helpers/server-process.ts';
import { startSmtpMailbox, type SmtpMailbox } from './helpers/smtp-mailbox.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const mailLimit = 3;
let t: TestApp;
let mailbox: SmtpMailbox;
let adminCookie: string;

beforeAll(async () => {
  mailbox = await startSmtpMailbox();
  const webRoot = mkdtempSync(path.join(tmpdir(), 'deck-portal-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Deck Portal</title>');
  t = await createTestApp({
    env: { SMTP_URL: mailbox.url, MAIL_LIMIT_PER_HOUR: String(mailLimit) },
    deckRenderer: createFakeDeckRenderer(),
    webRoot,
  });
  adminCookie = (await createAdmin(t.app)).cookie;
});
afterAll(async () => {
  await t?.app.close();
  await mailbox?.close();
});

function approvedRep() {
  return approvedAccount(t.app, 'Rita Rep', 'sales_rep');
}

// From an address of its own each time: more than 3 a minute from one address are refused
// (password-reset.test.ts).
let resetRequests = 0;
function requestReset(email: string) {
  resetRequests += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress: `10.8.0.${resetRequests}`,
  });
}

async function mailsTo(email: string) {
  return t.app.services.db.select().from(outboxMails).where(eq(outboxMails.to, email));
}

describe('password reset only for accounts that could sign in', () => {
  it.each([
    ['pending', { status: 'pending_approval', role: 'pending' }],
    ['declined', { status: 'declined', role: 'pending' }],
    ['removed', { status: 'removed', role: 'sales_rep' }],
  ] as const)('a %s account gets the same answer and no mail', async (_name, values) => {
    const account = newAccount();
    await signUp(t.app, account);
    await setAccount(t.app, account.email, values);
    const res = await requestReset(account.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await mailsTo(account.email)).toEqual([]);
  });

  it('a link sent while approved sets no password once the account is declined', async () => {
    const { account } = await approvedRep();
    await requestReset(account.email);
    const mail = await mailbox.waitForMail((m) => m.envelopeTo.includes(account.email));
    const token = mail.text.match(/\/auth\/reset\?token=([\w-]+)/)![1]!;
    await setAccount(t.app, account.email, { status: 'declined' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    await setAccount(t.app, account.email, { status: 'approved' });
    expect((await signIn(t.app, account)).statusCode).toBe(200);
    expect(
      (await signIn(t.app, { ...account, password: 'a brand new passphrase' })).statusCode,
    ).toBe(401);
  });

  it('blanks the reset link in the stored outbox once SMTP has the mail', async () => {
    const { account } = await approvedRep();
    await requestReset(account.email);
    await mailbox.waitForMail((m) => m.envelopeTo.includes(account.email));
    const rows = await waitForSent(account.email, 'Reset your Deck Portal password');
    expect(rows.text).toBe(sentSecretText);
    expect(await t.app.services.db.select().from(passwordResetTokens)).not.toHaveLength(0);
  });

  it('blanks the invitation link too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: { cookie: adminCookie },
      payload: { email: 'invitee@example.com', name: 'Ivy Invitee', role: 'sales_rep' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const received = await mailbox.waitForMail((m) => m.envelopeTo.includes('invitee@example.com'));
    expect(received.text).toMatch(/\/auth\/invite\?token=/);
    const row = await waitForSent('invitee@example.com', 'invited you to Deck Portal');
    expect(row.text).toBe(sentSecretText);
  });
});

/** The outbox row of a mail once it is marked sent (the mail server sees it a little earlier). */
async function waitForSent(email: string, subject: string) {
  const sentRow = async () =>
    (await mailsTo(email)).find((mail) => mail.subject.includes(subject) && mail.sentAt);
  await waitFor(async () => (await sentRow()) !== undefined, `the sent mail "${subject}"`);
  return (await sentRow())!;
}

describe('headers', () => {
  it('serves the reset and invitation pages and client links with no referrer at all', async () => {
    for (const url of ['/auth/reset?token=abcdefghijklmnopqrstuvwxyz', '/auth/invite?token=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const link = await t.app.inject({ method: 'GET', url: '/v/unknown-token-000000000000' });
    expect(link.headers['referrer-policy']).toBe('no-referrer');
    const other = await t.app.inject({ method: 'GET', url: '/auth' });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("says base-uri 'none' in the CSP", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth' });
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
  });

  it('clears cookies and storage on sign-out', async () => {
    const { cookie } = await approvedRep();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['clear-site-data']).toBe('"cookies", "storage"');
  });

  it('takes a same-origin request from a no-referrer page (Origin: null) and refuses a bare null', async () => {
    const { account } = await approvedRep();
    const fromPage = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
      payload: { email: account.email, password: account.password },
    });
    expect(fromPage.statusCode).toBe(200);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: 'null' },
      payload: { email: account.email, password: account.password },
    });
    expect(bare.statusCode).toBe(403);
  });
});

describe('mail floods', () => {
  async function makeDeck(cookie: string) {
    const library = await t.app.inject({
      method: 'GET',
      url: '/api/template-slides',
      headers: { cookie },
    });
    const slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate-slides',
      headers: { cookie, prefer: 'wait=60' },
      payload: {
        basicInfo: { deckTitle: 'Flood', clientName: 'Client', date: '2026-11-23' },
        productSelection: {
          selectedProducts: [{ id: 'data_logger', quantity: 1, customPricing: 30 }],
        },
        templateCustomization: { selectedSlides: slideIds.slice(0, 2) },
      },
    });
    return res.json().presentationId as string;
  }

  /** Decks are shared with colleagues who can sign in: the address gets an approved account. */
  async function share(cookie: string, presentationId: string, email: string) {
    await t.app.services.db
      .insert(users)
      .values({ email, name: email.split('@')[0]!, status: 'approved', role: 'sales_rep' })
      .onConflictDoNothing();
    return t.app.inject({
      method: 'POST',
      url: '/api/share-presentation',
      headers: { cookie },
      payload: { presentationId, email },
    });
  }

  it(`shares: ${mailLimit} mails an hour per user, then 429 with Retry-After and nothing shared`, async () => {
    const { cookie } = await approvedRep();
    const deckId = await makeDeck(cookie);
    for (let i = 0; i < mailLimit; i += 1) {
      const res = await share(cookie, deckId, `colleague${i}@example.com`);
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await share(cookie, deckId, 'one-too-many@example.com');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error.message).toBe(mailQuotaMessage);
    expect(await mailsTo('one-too-many@example.com')).toEqual([]);
    const shares = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/shares`,
      headers: { cookie },
    });
    expect(shares.json().shares).toHaveLength(mailLimit);

    // Another rep has an allowance of their own.
    const other = await approvedRep();
    expect(
      (await share(other.cookie, await makeDeck(other.cookie), 'x@example.com')).statusCode,
    ).toBe(201);
  });

  it('a refused share (already shared) does not spend the allowance', async () => {
    const { cookie } = await approvedRep();
    const deckId = await makeDeck(cookie);
    expect((await share(cookie, deckId, 'same@example.com')).statusCode).toBe(201);
    for (let i = 0; i < mailLimit + 2; i += 1) {
      expect((await share(cookie, deckId, 'same@example.com')).statusCode).toBe(409);
    }
    expect((await share(cookie, deckId, 'second@example.com')).statusCode).toBe(201);
  });

  it('invitations count against the inviting admin', async () => {
    const cookie = await approvedCookie(t.app, 'Second Admin', 'admin');
    const invite = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: { cookie },
        payload: { email, name: 'Invitee', role: 'sales_rep' },
      });
    for (let i = 0; i < mailLimit; i += 1) {
      expect((await invite(`flood${i}@example.com`)).statusCode).toBe(201);
    }
    const over = await invite('flood-over@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(await mailsTo('flood-over@example.com')).toEqual([]);
  });
});
