import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientLinkMessages } from '@deck-portal/domain';
import {
  clientLinkEvents,
  clientLinks,
  clientLinkVisits,
  decks,
  notifications,
  outboxMails,
} from '../src/db/schema.ts';
import { mailQuotaMessage } from '../src/auth/mail-quota.ts';
import { sentSecretText } from '../src/mail/mailer.ts';
import { approvedCookie, createAdmin } from './helpers/accounts.ts';
import { startSmtpMailbox } from './helpers/smtp-mailbox.ts';
import { createTestApp } from './helpers/test-app.ts';
import {
  draft,
  fakeRenderer,
  linkInput,
  sha256,
  useClientLinkWorld,
} from './helpers/client-links-world.ts';

const w = useClientLinkWorld();
const { clock, cookies, emails } = w;

const mailsTo = (addresses: string[]) =>
  w.db().select().from(outboxMails).where(inArray(outboxMails.to, addresses));
const linksOf = (deckId: string) =>
  w.db().select().from(clientLinks).where(eq(clientLinks.deckId, deckId));

describe('creating, listing and revoking links', () => {
  it('makes an unguessable link, stores only its hash, mails it when asked and marks the deck shared', async () => {
    const deckId = await w.newDeck();
    const { token, id, body } = await w.createLink(deckId, {
      sendEmail: true,
      message: 'As promised, the proposal.',
      passcode: 'blue-harbour',
    });
    expect(body.url).toBe(`http://portal.test/v/${token}`);
    // 43 base64url characters: 256 random bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.emailed).toBe(true);
    expect(body.link).toMatchObject({
      recipientName: 'Jane Client',
      recipientEmail: 'jane.client@northwind.example',
      status: 'active',
      hasPasscode: true,
      allowDownload: true,
      opens: 0,
      lastOpenedAt: null,
      totalViewMs: 0,
      expiresAt: null,
    });

    const [row] = await w.db().select().from(clientLinks).where(eq(clientLinks.id, id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.passcodeHash).toMatch(/^\$argon2id\$/);

    const mails = await mailsTo(['jane.client@northwind.example']);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(body.url);
    expect(mails[0]!.text).toContain('As promised, the proposal.');
    expect(mails[0]!.text).toContain('protected by a passcode');
    // The passcode itself never travels with the link.
    expect(mails[0]!.text).not.toContain('blue-harbour');
    expect(mails[0]!.replyTo).toBe(emails.rep);
    // The client reads the headline; the deck title ('Cold Chain Upgrade') is internal.
    expect(mails[0]!.subject).toBe(
      'rep person sent you a presentation: Proposal for Northwind Pharmacies',
    );
    expect(mails[0]!.text).toContain('"Proposal for Northwind Pharmacies"');
    expect(`${mails[0]!.subject} ${mails[0]!.text}`).not.toContain('Cold Chain Upgrade');

    const [deck] = await w.db().select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.status).toBe('shared');
  });

  it('sends nothing when the rep only copies the link, and lists links newest first', async () => {
    const deckId = await w.newDeck();
    const first = await w.createLink(deckId, { recipientEmail: 'first@client.example' });
    clock.advance(1000);
    const second = await w.createLink(deckId, {
      recipientEmail: 'second@client.example',
      allowDownload: false,
    });
    expect(await mailsTo(['first@client.example', 'second@client.example'])).toHaveLength(0);

    const list = await w.get(`/api/decks/${deckId}/client-links`, { cookie: cookies.rep });
    expect(list.statusCode).toBe(200);
    expect(list.json().links.map((link: { id: string }) => link.id)).toEqual([second.id, first.id]);
    expect(list.json().links[0]).toMatchObject({ allowDownload: false, createdBy: 'rep person' });
    expect(list.json().summary).toEqual({
      links: 2,
      opens: 0,
      uniqueRecipients: 0,
      mostViewedSlide: null,
    });
  });

  it('revokes a link at once: the next request with its token is refused', async () => {
    const deckId = await w.newDeck();
    const { token, id } = await w.createLink(deckId);
    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(200);

    const revoked = await w.post(`/api/decks/${deckId}/client-links/${id}/revoke`, undefined, {
      cookie: cookies.rep,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().link).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });

    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(404);
    expect((await w.get(`/api/client-view/${token}/slides/1`)).statusCode).toBe(404);
    expect((await w.get(`/v/${token}`, { headers: { accept: 'text/html' } })).statusCode).toBe(404);
    // With no way in left for a client, the deck is completed again.
    const [deck] = await w.db().select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.status).toBe('completed');
  });

  it('refuses bad input with field messages and stores nothing', async () => {
    const deckId = await w.newDeck();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ recipientName: '  ' }, 'recipientName', clientLinkMessages.recipientNameRequired],
      [
        { recipientEmail: 'not-an-address' },
        'recipientEmail',
        'Please enter a valid email address.',
      ],
      [{ passcode: 'abc' }, 'passcode', 'The passcode must be at least 4 characters.'],
      [
        { expiresAt: new Date(clock.now().getTime() - 1000).toISOString() },
        'expiresAt',
        clientLinkMessages.expiryInPast,
      ],
      [{ expiresAt: 'next tuesday' }, 'expiresAt', expect.any(String) as unknown as string],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await w.post(
        `/api/decks/${deckId}/client-links`,
        { ...linkInput(), ...overrides },
        { cookie: cookies.rep },
      );
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.fields[field]).toEqual(message);
    }
    expect(await linksOf(deckId)).toHaveLength(0);
  });
});

describe('mailing a link', () => {
  it('mails a deck’s link to one address at most once an hour; a second is refused whole', async () => {
    const deckId = await w.newDeck();
    const address = 'once.an.hour@client.example';
    const first = await w.createLink(deckId, { sendEmail: true, recipientEmail: address });
    expect(first.body.emailed).toBe(true);

    // The same address in other letters is the same recipient.
    const again = await w.post(
      `/api/decks/${deckId}/client-links`,
      linkInput({ sendEmail: true, recipientEmail: 'Once.An.Hour@Client.example' }),
      { cookie: cookies.rep },
    );
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json()).toEqual({
      error: { code: 'too_many_requests', message: clientLinkMessages.recipientMailedRecently },
    });
    // Nothing was made, nothing was sent.
    expect((await linksOf(deckId)).map((link) => link.id)).toEqual([first.id]);
    expect(await mailsTo([address])).toHaveLength(1);

    // The rep may still copy a link for that address, mail another address, or mail that
    // address a link to another deck.
    await w.createLink(deckId, { sendEmail: false, recipientEmail: address });
    await w.createLink(deckId, { sendEmail: true, recipientEmail: 'colleague@client.example' });
    await w.createLink(await w.newDeck(), { sendEmail: true, recipientEmail: address });
    expect(await mailsTo([address])).toHaveLength(2);

    // An hour on, the address may be mailed this deck's link again.
    clock.advance(3600_000);
    await w.createLink(deckId, { sendEmail: true, recipientEmail: address });
    expect(await mailsTo([address])).toHaveLength(3);
  });

  it('counts the mail before writing anything: of parallel requests to one address, one makes a link', async () => {
    const deckId = await w.newDeck();
    const address = 'parallel@client.example';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        w.post(
          `/api/decks/${deckId}/client-links`,
          linkInput({ sendEmail: true, recipientEmail: address }),
          { cookie: cookies.rep },
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429, 429, 429, 429]);
    expect(await linksOf(deckId)).toHaveLength(1);
    expect(await mailsTo([address])).toHaveLength(1);
  });

  it("counts client-link mails in the rep's hourly mail allowance, and a refused one changes nothing", async () => {
    const limited = await createTestApp({
      clock,
      deckRenderer: fakeRenderer,
      env: { MAIL_LIMIT_PER_HOUR: '2' },
    });
    try {
      const { app } = limited;
      const admin = await createAdmin(app);
      const library = await app.inject({
        method: 'GET',
        url: '/api/template-slides',
        headers: { cookie: admin.cookie },
      });
      const slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
      const generated = await app.inject({
        method: 'POST',
        url: '/api/generate-slides',
        headers: { cookie: admin.cookie, prefer: 'wait=60' },
        payload: draft(slideIds),
      });
      const deckId = generated.json().presentationId as string;
      const create = (cookie: string, recipientEmail: string) =>
        app.inject({
          method: 'POST',
          url: `/api/decks/${deckId}/client-links`,
          headers: { cookie },
          payload: linkInput({ sendEmail: true, recipientEmail }),
        });

      expect((await create(admin.cookie, 'a@client.example')).statusCode).toBe(201);
      expect((await create(admin.cookie, 'b@client.example')).statusCode).toBe(201);
      const over = await create(admin.cookie, 'c@client.example');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().error.message).toBe(mailQuotaMessage);
      const db = app.services.db;
      const links = await db.select().from(clientLinks).where(eq(clientLinks.deckId, deckId));
      expect(links.map((link) => link.recipientEmail).sort()).toEqual([
        'a@client.example',
        'b@client.example',
      ]);
      expect(
        await db.select().from(outboxMails).where(eq(outboxMails.to, 'c@client.example')),
      ).toHaveLength(0);

      // The address was not mailed, so a manager with an allowance of their own may mail it.
      const manager = await approvedCookie(app, 'Morgan Manager', 'manager');
      expect((await create(manager, 'c@client.example')).statusCode).toBe(201);
      expect(
        await db.select().from(outboxMails).where(eq(outboxMails.to, 'c@client.example')),
      ).toHaveLength(1);
    } finally {
      await limited.app.close();
    }
  });
});

describe('expiry', () => {
  it('opens until the expiry time and is refused from then on', async () => {
    const deckId = await w.newDeck();
    const expiresAt = new Date(clock.now().getTime() + 24 * 3600_000);
    const { token } = await w.createLink(deckId, { expiresAt: expiresAt.toISOString() });
    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(200);

    clock.set(new Date(expiresAt.getTime() - 1));
    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(200);
    clock.set(expiresAt);
    const refused = await w.get(`/api/client-view/${token}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(clientLinkMessages.unavailable);
    const list = await w.get(`/api/decks/${deckId}/client-links`, { cookie: cookies.rep });
    expect(list.json().links[0].status).toBe('expired');
  });
});

describe('who may manage links', () => {
  it('lets the owner, a manager and an admin in; another rep gets 404, a pending user 403, anonymous 401', async () => {
    const deckId = await w.newDeck();
    const { id } = await w.createLink(deckId);
    const routes = [
      (cookie?: string) => w.post(`/api/decks/${deckId}/client-links`, linkInput(), { cookie }),
      (cookie?: string) => w.get(`/api/decks/${deckId}/client-links`, { cookie }),
      (cookie?: string) => w.get(`/api/decks/${deckId}/client-links/${id}/analytics`, { cookie }),
      (cookie?: string) =>
        w.post(`/api/decks/${deckId}/client-links/${id}/revoke`, undefined, { cookie }),
      (cookie?: string) => w.get('/api/notifications', { cookie }),
    ];
    for (const [index, route] of routes.entries()) {
      for (const who of ['rep', 'manager', 'admin'] as const) {
        const res = await route(cookies[who]);
        expect(res.statusCode, `route ${index} as ${who}`).toBeLessThan(300);
      }
      expect((await route(undefined)).statusCode, `route ${index} anonymous`).toBe(401);
      expect((await route(cookies.pending)).statusCode, `route ${index} pending`).toBe(403);
      if (index < 4) {
        const res = await route(cookies.otherRep);
        expect(res.statusCode, `route ${index} other rep`).toBe(404);
      }
    }
    // The first link, and one each by the owner, the manager and the admin.
    expect(await linksOf(deckId)).toHaveLength(4);
  });
});

describe('deleting a deck', () => {
  it('deletes its links, visits, events and notifications, and its tokens stop working', async () => {
    const deckId = await w.newDeck(cookies.rep, 'Doomed deck');
    const { token, id } = await w.createLink(deckId);
    const { visitId } = await w.startVisit(token);
    clock.advance(5000);
    await w.sendEvents(token, visitId!, [{ slide: 1, ms: 1000, view: 0 }]);
    const del = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deckId}`,
      headers: { cookie: cookies.rep },
    });
    expect(del.statusCode).toBe(200);
    const db = w.db();
    expect(await db.select().from(clientLinks).where(eq(clientLinks.id, id))).toHaveLength(0);
    expect(
      await db.select().from(clientLinkVisits).where(eq(clientLinkVisits.linkId, id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(clientLinkEvents).where(eq(clientLinkEvents.visitId, visitId!)),
    ).toHaveLength(0);
    expect(
      await db.select().from(notifications).where(eq(notifications.clientLinkId, id)),
    ).toHaveLength(0);
    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(404);
  });
});

describe('a client link mailed through SMTP', () => {
  it('keeps the link in the outbox only until the mail server has it', async () => {
    const mailbox = await startSmtpMailbox();
    const smtp = await createTestApp({
      clock,
      deckRenderer: fakeRenderer,
      env: { SMTP_URL: mailbox.url },
    });
    try {
      const admin = await createAdmin(smtp.app);
      const generated = await smtp.app.inject({
        method: 'POST',
        url: '/api/generate-slides',
        headers: { cookie: admin.cookie, prefer: 'wait=60' },
        payload: draft(w.slideIds),
      });
      const deckId = generated.json().presentationId;
      const created = await smtp.app.inject({
        method: 'POST',
        url: `/api/decks/${deckId}/client-links`,
        headers: { cookie: admin.cookie },
        payload: linkInput({ sendEmail: true, recipientEmail: 'smtp.client@client.example' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const mail = await mailbox.waitForMail((m) =>
        m.envelopeTo.includes('smtp.client@client.example'),
      );
      expect(mail.text).toContain(created.json().url);
      expect(mail.headers.get('reply-to')).toContain(admin.account.email);
      await expect
        .poll(async () => {
          const [row] = await smtp.app.services.db
            .select()
            .from(outboxMails)
            .where(eq(outboxMails.to, 'smtp.client@client.example'));
          return row?.sentAt ? row.text : null;
        })
        .toBe(sentSecretText);
    } finally {
      await smtp.app.close();
      await mailbox.close();
    }
  });
});
