import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckRenderer } from '@deck-portal/deck-engine';
import { clientLinkMessages, viewEventLimits, type DeckDraftInput } from '@deck-portal/domain';
import {
  clientLinkEvents,
  clientLinks,
  clientLinkVisits,
  decks,
  notifications,
  outboxMails,
} from '../src/db/schema.ts';
import { sentSecretText } from '../src/mail/mailer.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';
import { startSmtpMailbox } from './helpers/smtp-mailbox.ts';
import {
  createAdmin,
  newAccount,
  sessionCookieOf,
  setAccount,
  signIn,
  signUp,
} from './helpers/accounts.ts';

// Rendering is the deck engine's business, tested there; these tests need a deck of three
// slides, made at once.
const slideCount = 3;
const fakeRenderer: DeckRenderer = {
  async generate() {
    return {
      pptx: Buffer.from('PK fake pptx'),
      pdf: Buffer.from('%PDF-1.7 fake'),
      svgs: Array.from(
        { length: slideCount },
        (_, i) => `<svg xmlns="http://www.w3.org/2000/svg"><text>Slide ${i + 1}</text></svg>`,
      ),
      warnings: [],
    };
  },
  pending: 0,
  async close() {},
};

const clock = createTestClock(new Date('2026-11-23T09:00:00Z'));
let t: TestApp;
let webRoot: string;
let slideIds: string[];
const clientPage = '<!doctype html><title>client view</title><div id="root"></div>';
type Who = 'admin' | 'rep' | 'otherRep' | 'manager' | 'pending';
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
const emails = {} as Record<Who, string>;

async function approved(key: Who, role: 'sales_rep' | 'manager') {
  const account = newAccount(`${key} person`);
  const { user } = await signUp(t.app, account);
  await setAccount(t.app, account.email, { status: 'approved', role });
  cookies[key] = sessionCookieOf(await signIn(t.app, account))!;
  ids[key] = user.id;
  emails[key] = account.email;
}

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-client-view-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>portal</title>');
  await writeFile(path.join(webRoot, 'client-view.html'), clientPage);
  t = await createTestApp({ clock, deckRenderer: fakeRenderer, webRoot });
  const admin = await createAdmin(t.app);
  cookies.admin = admin.cookie;
  ids.admin = admin.user.id;
  emails.admin = admin.account.email;
  await approved('rep', 'sales_rep');
  await approved('otherRep', 'sales_rep');
  await approved('manager', 'manager');
  const pending = await signUp(t.app, newAccount('Pat Pending'));
  cookies.pending = pending.cookie;

  const library = await t.app.inject({
    method: 'GET',
    url: '/api/template-slides',
    headers: { cookie: cookies.rep },
  });
  slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
}, 120_000);

afterAll(async () => {
  await t.app.close();
  await rm(webRoot, { recursive: true, force: true });
});

function draft(title = 'Cold Chain Upgrade'): DeckDraftInput {
  return {
    basicInfo: {
      deckTitle: title,
      clientName: 'Northwind Pharmacies',
      date: '2026-11-21',
      primaryContact: 'Dana Lee',
      mode: 'simple',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: slideIds.slice(0, 3), customSlides: [] },
  };
}

async function newDeck(cookie = cookies.rep, title?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/generate-slides',
    headers: { cookie },
    payload: draft(title),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentationId;
}

const linkInput = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Jane Client',
  recipientEmail: 'Jane.Client@Northwind.example',
  sendEmail: false,
  ...overrides,
});

function post(url: string, cookie: string | undefined, payload?: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** Creates a link as `cookie` and answers its token and id. */
async function createLink(deckId: string, overrides: Record<string, unknown> = {}) {
  const res = await post(`/api/decks/${deckId}/client-links`, cookies.rep, linkInput(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const token = /\/v\/([A-Za-z0-9_-]+)$/.exec(body.url)![1]!;
  return { token, id: body.link.id as string, body };
}

async function startVisit(token: string, cookie?: string) {
  const res = await post(`/api/client-view/${token}/visits`, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { visitId: string | null; isTracked: boolean };
}

const sendEvents = (token: string, visitId: string, events: unknown[]) =>
  post(`/api/client-view/${token}/visits/${visitId}/events`, undefined, { events });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('creating, listing and revoking links', () => {
  it('makes an unguessable link, stores only its hash, mails it when asked and marks the deck shared', async () => {
    const deckId = await newDeck();
    const { token, id, body } = await createLink(deckId, {
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

    const [row] = await t.app.services.db.select().from(clientLinks).where(eq(clientLinks.id, id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.passcodeHash).toMatch(/^\$argon2id\$/);

    const mails = await t.app.services.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, 'jane.client@northwind.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(body.url);
    expect(mails[0]!.text).toContain('As promised, the proposal.');
    expect(mails[0]!.text).toContain('protected by a passcode');
    // The passcode itself never travels with the link.
    expect(mails[0]!.text).not.toContain('blue-harbour');
    expect(mails[0]!.replyTo).toBe(emails.rep);

    const [deck] = await t.app.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.status).toBe('shared');
  });

  it('sends nothing when the rep only copies the link, and lists links newest first', async () => {
    const deckId = await newDeck();
    const first = await createLink(deckId, { recipientEmail: 'first@client.example' });
    clock.advance(1000);
    const second = await createLink(deckId, {
      recipientEmail: 'second@client.example',
      allowDownload: false,
    });
    const mails = await t.app.services.db
      .select()
      .from(outboxMails)
      .where(inArray(outboxMails.to, ['first@client.example', 'second@client.example']));
    expect(mails).toHaveLength(0);

    const list = await get(`/api/decks/${deckId}/client-links`, { cookie: cookies.rep });
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
    const deckId = await newDeck();
    const { token, id } = await createLink(deckId);
    expect((await get(`/api/client-view/${token}`)).statusCode).toBe(200);

    const revoked = await post(`/api/decks/${deckId}/client-links/${id}/revoke`, cookies.rep);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().link).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });

    expect((await get(`/api/client-view/${token}`)).statusCode).toBe(404);
    expect((await get(`/api/client-view/${token}/slides/1`)).statusCode).toBe(404);
    expect((await get(`/v/${token}`, { accept: 'text/html' })).statusCode).toBe(404);
    // With no way in left for a client, the deck is completed again.
    const [deck] = await t.app.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.status).toBe('completed');
  });

  it('refuses bad input with field messages and stores nothing', async () => {
    const deckId = await newDeck();
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
      const res = await post(`/api/decks/${deckId}/client-links`, cookies.rep, {
        ...linkInput(),
        ...overrides,
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.fields[field]).toEqual(message);
    }
    const rows = await t.app.services.db
      .select()
      .from(clientLinks)
      .where(eq(clientLinks.deckId, deckId));
    expect(rows).toHaveLength(0);
  });
});

describe('expiry', () => {
  it('opens until the expiry time and is refused from then on', async () => {
    const deckId = await newDeck();
    const expiresAt = new Date(clock.now().getTime() + 24 * 3600_000);
    const { token } = await createLink(deckId, { expiresAt: expiresAt.toISOString() });
    expect((await get(`/api/client-view/${token}`)).statusCode).toBe(200);

    clock.set(new Date(expiresAt.getTime() - 1));
    expect((await get(`/api/client-view/${token}`)).statusCode).toBe(200);
    clock.set(expiresAt);
    const refused = await get(`/api/client-view/${token}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(clientLinkMessages.unavailable);
    const list = await get(`/api/decks/${deckId}/client-links`, { cookie: cookies.rep });
    expect(list.json().links[0].status).toBe('expired');
  });
});

describe('passcode', () => {
  it('asks for the passcode, refuses a wrong one and lets the browser in with a right one', async () => {
    const deckId = await newDeck();
    const { token } = await createLink(deckId, { passcode: 'blue-harbour' });
    const asked = await get(`/api/client-view/${token}`);
    expect(asked.statusCode).toBe(401);
    expect(asked.json().error).toMatchObject({
      code: 'passcode_required',
      message: clientLinkMessages.passcodeRequired,
    });
    for (const url of [
      `/api/client-view/${token}/slides/1`,
      `/api/client-view/${token}/download`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect((await post(`/api/client-view/${token}/visits`, undefined)).statusCode).toBe(401);
    // The page itself loads: it is where the passcode is asked for.
    expect((await get(`/v/${token}`)).statusCode).toBe(200);

    const wrong = await post(`/api/client-view/${token}/unlock`, undefined, {
      passcode: 'red-harbour',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_passcode',
      message: clientLinkMessages.wrongPasscode,
      fields: { passcode: clientLinkMessages.wrongPasscode },
    });
    expect(wrong.cookies).toHaveLength(0);

    const right = await post(`/api/client-view/${token}/unlock`, undefined, {
      passcode: 'blue-harbour',
    });
    expect(right.statusCode).toBe(204);
    const proof = right.cookies.find((cookie) => cookie.name === 'deck_link_pass')!;
    expect(proof).toMatchObject({
      path: `/api/client-view/${token}`,
      httpOnly: true,
      sameSite: 'Lax',
    });
    const cookie = `deck_link_pass=${proof.value}`;
    const view = await get(`/api/client-view/${token}`, { cookie });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      title: 'Cold Chain Upgrade',
      recipientName: 'Jane Client',
      senderName: 'rep person',
    });
    expect((await get(`/api/client-view/${token}/slides/2`, { cookie })).statusCode).toBe(200);

    // The proof opens this link only.
    const other = await createLink(deckId, { passcode: 'blue-harbour' });
    expect((await get(`/api/client-view/${other.token}`, { cookie })).statusCode).toBe(401);
  });

  it('throttles wrong passcodes as sign-in does, and says so', async () => {
    const deckId = await newDeck();
    const { token } = await createLink(deckId, { passcode: 'blue-harbour' });
    const unlock = (passcode: string) =>
      post(`/api/client-view/${token}/unlock`, undefined, { passcode });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await unlock(`wrong guess ${attempt}`)).statusCode).toBe(400);
    }
    const throttled = await unlock('wrong guess again');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.message).toBe(
      'Too many failed attempts. Please try again later.',
    );
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // While throttled even the right passcode waits, so guessing gains nothing.
    expect((await unlock('blue-harbour')).statusCode).toBe(429);

    clock.advance(15 * 60_000);
    expect((await unlock('blue-harbour')).statusCode).toBe(204);
  });

  it('counts a burst of parallel guesses before checking any, so no more than the limit are tried', async () => {
    clock.advance(15 * 60_000);
    const { token } = await createLink(await newDeck(), { passcode: 'blue-harbour' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(`/api/client-view/${token}/unlock`, undefined, { passcode: `guess number ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});

describe('refused links', () => {
  it('answers the same 404 for unknown, malformed, expired, revoked and deleted-deck tokens', async () => {
    const revokedDeck = await newDeck();
    const revoked = await createLink(revokedDeck);
    await post(`/api/decks/${revokedDeck}/client-links/${revoked.id}/revoke`, cookies.rep);
    const expiring = await createLink(await newDeck(), {
      expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const deletedDeck = await newDeck();
    const deleted = await createLink(deletedDeck);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deletedDeck}`,
      headers: { cookie: cookies.rep },
    });
    expect(removed.statusCode).toBe(200);
    clock.advance(60_000);

    const tokens = [
      revoked.token,
      expiring.token,
      deleted.token,
      'A'.repeat(43), // the right shape, no such link
      'not-a-token',
      `${revoked.token}x`,
    ];
    const apiBodies = new Set<string>();
    const pages = new Set<string>();
    for (const token of tokens) {
      const api = await get(`/api/client-view/${token}`);
      expect(api.statusCode, token).toBe(404);
      apiBodies.add(api.body);
      const page = await get(`/v/${token}`, { accept: 'text/html' });
      expect(page.statusCode, token).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      pages.add(page.body);
    }
    expect([...apiBodies]).toEqual([
      JSON.stringify({
        error: { code: 'link_unavailable', message: clientLinkMessages.unavailable },
      }),
    ]);
    expect(pages.size).toBe(1);
    expect([...pages][0]).toContain(clientLinkMessages.unavailable);
    expect((await get('/v/a/b/c', { accept: 'text/html' })).body).toBe([...pages][0]);

    // An address under a live link's API that names nothing is refused the same way, without
    // repeating the address (and its token) back.
    const live = await createLink(await newDeck());
    const nothing = await get(`/api/client-view/${live.token}/nothing/here`);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.body).toBe([...apiBodies][0]);
    expect(nothing.headers['referrer-policy']).toBe('no-referrer');
    // A trailing slash is the same page.
    expect((await get(`/v/${live.token}/`, { accept: 'text/html' })).statusCode).toBe(200);
  });

  it('keeps tokens out of referrers, search engines and caches', async () => {
    const { token } = await createLink(await newDeck());
    const responses = [
      await get(`/v/${token}`, { accept: 'text/html' }),
      await get(`/v/${'B'.repeat(43)}`, { accept: 'text/html' }),
      await get(`/api/client-view/${token}`),
      await get(`/api/client-view/${token}/slides/1`),
    ];
    expect(responses[0]!.statusCode).toBe(200);
    expect(responses[0]!.body).toBe(clientPage);
    for (const res of responses) {
      expect(res.headers['referrer-policy'], res.body.slice(0, 40)).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toMatch(/noindex/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('what a token opens', () => {
  it("opens the deck's view, its slides and, when allowed, its PDF", async () => {
    const deckId = await newDeck();
    const { token } = await createLink(deckId);
    const view = await get(`/api/client-view/${token}`);
    expect(view.json()).toEqual({
      title: 'Cold Chain Upgrade',
      clientName: 'Northwind Pharmacies',
      recipientName: 'Jane Client',
      senderName: 'rep person',
      slides: [1, 2, 3].map((index) => ({
        index,
        url: `/api/client-view/${token}/slides/${index}`,
      })),
      pdfUrl: `/api/client-view/${token}/download`,
    });
    const slide = await get(`/api/client-view/${token}/slides/3`);
    expect(slide.statusCode).toBe(200);
    expect(slide.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(slide.body).toContain('Slide 3');
    expect((await get(`/api/client-view/${token}/slides/4`)).statusCode).toBe(404);
    const pdf = await get(`/api/client-view/${token}/download`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="Cold Chain Upgrade - Northwind Pharmacies.pdf"',
    );

    const noPdf = await createLink(deckId, { allowDownload: false });
    expect((await get(`/api/client-view/${noPdf.token}`)).json().pdfUrl).toBeNull();
    const refused = await get(`/api/client-view/${noPdf.token}/download`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(clientLinkMessages.downloadNotAllowed);
  });

  it('opens nothing else: not the PPTX, not another deck, not the admin API, not the deck list', async () => {
    const deckId = await newDeck();
    const otherDeck = await newDeck(cookies.otherRep, 'Other deck');
    const { token } = await createLink(deckId, { passcode: 'blue-harbour' });
    const unlocked = await post(`/api/client-view/${token}/unlock`, undefined, {
      passcode: 'blue-harbour',
    });
    const proof = unlocked.cookies.find((cookie) => cookie.name === 'deck_link_pass')!.value;
    // Every way a client might present what it holds.
    const credentials: Record<string, string>[] = [
      { authorization: `Bearer ${token}` },
      { cookie: `deck_session=${token}` },
      { cookie: `deck_link_pass=${proof}` },
      { cookie: `deck_session=${proof}` },
    ];
    const urls = [
      `/api/decks/${deckId}/pptx`,
      `/api/decks/${deckId}/download`,
      `/api/decks/${deckId}`,
      `/api/decks/${otherDeck}/slides/1`,
      `/api/decks/${otherDeck}/download`,
      `/api/admin/users?status=all`,
      `/api/admin-notifications`,
      `/api/recent-decks`,
      `/api/decks?scope=all`,
      `/api/decks/${deckId}/client-links`,
    ];
    for (const headers of credentials) {
      for (const url of urls) {
        const res = await get(url, headers);
        expect(res.statusCode, `${url} with ${JSON.stringify(headers)}`).toBe(401);
      }
    }
    // The client view has no PPTX and no other deck's files.
    expect((await get(`/api/client-view/${token}/pptx`, credentials[2])).statusCode).toBe(404);
    expect(
      (await get(`/api/client-view/${token}/../../decks/${otherDeck}/download`, credentials[2]))
        .statusCode,
    ).toBe(401);
  });
});

describe('view events', () => {
  it('stores valid batches, as JSON or as the text a beacon sends, and answers 204', async () => {
    const deckId = await newDeck();
    const { token } = await createLink(deckId);
    const { visitId, isTracked } = await startVisit(token);
    expect(isTracked).toBe(true);
    clock.advance(10_000);
    const json = await sendEvents(token, visitId!, [
      { slide: 1, ms: 4000, view: 0 },
      { slide: 2, ms: 3000, view: 1 },
    ]);
    expect(json.statusCode, json.body).toBe(204);
    const beacon = await t.app.inject({
      method: 'POST',
      url: `/api/client-view/${token}/visits/${visitId}/events`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [{ slide: 2, ms: 1500, view: 1 }] }),
    });
    expect(beacon.statusCode, beacon.body).toBe(204);
    const rows = await t.app.services.db
      .select()
      .from(clientLinkEvents)
      .where(eq(clientLinkEvents.visitId, visitId!));
    expect(rows.map((row) => [row.slide, row.ms, row.view])).toEqual([
      [1, 4000, 0],
      [2, 3000, 1],
      [2, 1500, 1],
    ]);
  });

  it('refuses bad events with 400 and stores nothing of the batch', async () => {
    const deckId = await newDeck();
    const { token } = await createLink(deckId);
    const { visitId } = await startVisit(token);
    clock.advance(5_000);
    const good = { slide: 1, ms: 1000, view: 0 };
    const cases: [unknown[], string][] = [
      [[good, { slide: 4, ms: 1000, view: 1 }], 'events.1.slide'],
      [[{ slide: 0, ms: 1000, view: 0 }], 'events.0.slide'],
      [[{ slide: 1, ms: 0, view: 0 }], 'events.0.ms'],
      [[{ slide: 1, ms: viewEventLimits.maxMs + 1, view: 0 }], 'events.0.ms'],
      [[{ slide: 1.5, ms: 100, view: 0 }], 'events.0.slide'],
      [[{ slide: 1, ms: 100 }], 'events.0.view'],
      [[], 'events'],
      [Array.from({ length: viewEventLimits.perBatch + 1 }, () => good), 'events'],
    ];
    for (const [events, field] of cases) {
      const res = await sendEvents(token, visitId!, events);
      expect(res.statusCode, JSON.stringify(events).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/client-view/${token}/visits/${visitId}/events`,
      headers: { 'content-type': 'text/plain' },
      payload: '{"events": [',
    });
    expect(notJson.statusCode).toBe(400);

    // A visit cannot be unknown, or another link's.
    expect(
      (await sendEvents(token, '00000000-0000-4000-8000-000000000000', [good])).statusCode,
    ).toBe(404);
    expect((await sendEvents(token, 'nope', [good])).statusCode).toBe(404);
    const other = await createLink(deckId);
    expect((await sendEvents(other.token, visitId!, [good])).statusCode).toBe(404);

    const rows = await t.app.services.db
      .select()
      .from(clientLinkEvents)
      .where(eq(clientLinkEvents.visitId, visitId!));
    expect(rows).toHaveLength(0);
  });

  it('refuses more time than the visit has lasted, and more events than a visit may send', async () => {
    const deckId = await newDeck();
    const { token } = await createLink(deckId);
    const { visitId } = await startVisit(token);
    clock.advance(30_000);
    // 30 s have passed; up to a minute's slack is allowed on top.
    const tooLong = await sendEvents(token, visitId!, [
      { slide: 1, ms: 60_000, view: 0 },
      { slide: 2, ms: 30_001, view: 1 },
    ]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(clientLinkMessages.tooMuchTime);
    expect(
      (await sendEvents(token, visitId!, [{ slide: 1, ms: 90_000, view: 0 }])).statusCode,
    ).toBe(204);

    clock.advance(3600_000);
    const batch = Array.from({ length: viewEventLimits.perBatch }, (_, i) => ({
      slide: 1 + (i % slideCount),
      ms: 1,
      view: i + 1,
    }));
    // One event is stored already: fill the visit up to its limit, then one more is refused.
    const fullBatches = Math.floor((viewEventLimits.perVisit - 1) / viewEventLimits.perBatch);
    for (let i = 0; i < fullBatches; i += 1) {
      expect((await sendEvents(token, visitId!, batch)).statusCode).toBe(204);
    }
    const room = viewEventLimits.perVisit - 1 - fullBatches * viewEventLimits.perBatch;
    if (room > 0) {
      expect((await sendEvents(token, visitId!, batch.slice(0, room))).statusCode).toBe(204);
    }
    const over = await sendEvents(token, visitId!, [{ slide: 1, ms: 1, view: 9999 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(clientLinkMessages.tooManyEvents);
    const [visit] = await t.app.services.db
      .select()
      .from(clientLinkVisits)
      .where(eq(clientLinkVisits.id, visitId!));
    expect(visit!.eventCount).toBe(viewEventLimits.perVisit);
  });
});

describe('analytics', () => {
  it('sums time and views per slide and lists the visits from a known sequence of events', async () => {
    const deckId = await newDeck();
    const { token, id } = await createLink(deckId, { recipientEmail: 'buyer@client.example' });
    const second = await createLink(deckId, { recipientEmail: 'BUYER@client.example' });

    const first = await startVisit(token);
    const firstStart = clock.now().toISOString();
    clock.advance(60_000);
    // Slide 2 is looked at twice; its first look arrives in two pieces (two batches).
    expect(
      (
        await sendEvents(token, first.visitId!, [
          { slide: 1, ms: 2000, view: 0 },
          { slide: 2, ms: 5000, view: 1 },
        ])
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await sendEvents(token, first.visitId!, [
          { slide: 2, ms: 3000, view: 1 },
          { slide: 3, ms: 1000, view: 2 },
          { slide: 2, ms: 4000, view: 3 },
        ])
      ).statusCode,
    ).toBe(204);
    clock.advance(3600_000);
    const later = await startVisit(token);
    const laterStart = clock.now().toISOString();
    clock.advance(10_000);
    await sendEvents(token, later.visitId!, [{ slide: 1, ms: 1000, view: 0 }]);
    // The second link, to the same address in other letters, is one recipient more, not two.
    const third = await startVisit(second.token);
    clock.advance(10_000);
    await sendEvents(second.token, third.visitId!, [{ slide: 3, ms: 500, view: 0 }]);

    const res = await get(`/api/decks/${deckId}/client-links/${id}/analytics`, {
      cookie: cookies.rep,
    });
    expect(res.statusCode, res.body).toBe(200);
    const analytics = res.json();
    expect(analytics.slideCount).toBe(3);
    expect(analytics.deck).toEqual({
      id: deckId,
      title: 'Cold Chain Upgrade',
      clientName: 'Northwind Pharmacies',
    });
    expect(analytics.slides).toEqual([
      { slide: 1, totalMs: 3000, views: 2 },
      { slide: 2, totalMs: 12000, views: 2 },
      { slide: 3, totalMs: 1000, views: 1 },
    ]);
    expect(analytics.visits).toEqual([
      { id: later.visitId, startedAt: laterStart, durationMs: 1000, slidesViewed: [1] },
      { id: first.visitId, startedAt: firstStart, durationMs: 15000, slidesViewed: [1, 2, 3] },
    ]);
    expect(analytics.link).toMatchObject({
      opens: 2,
      lastOpenedAt: laterStart,
      totalViewMs: 16000,
    });

    const list = await get(`/api/decks/${deckId}/client-links`, { cookie: cookies.rep });
    expect(list.json().summary).toEqual({
      links: 2,
      opens: 3,
      uniqueRecipients: 1,
      mostViewedSlide: { slide: 2, totalMs: 12000 },
    });

    // The deck's own team looking at the link is not counted.
    const own = await startVisit(token, cookies.rep);
    expect(own).toEqual({ visitId: null, isTracked: false });
    const managerLook = await startVisit(token, cookies.manager);
    expect(managerLook.isTracked).toBe(false);
    const afterOwn = await get(`/api/decks/${deckId}/client-links/${id}/analytics`, {
      cookie: cookies.rep,
    });
    expect(afterOwn.json().link.opens).toBe(2);

    // The dashboard sees when a client last looked.
    const recent = await get('/api/recent-decks?pageSize=100', { cookie: cookies.rep });
    const item = recent.json().recentDecks.find((deck: { id: string }) => deck.id === deckId);
    expect(new Date(item.lastViewedAt).getTime()).toBe(
      new Date(clock.now().getTime() - 10_000).getTime(),
    );
    const unseen = await newDeck();
    const recentAgain = await get('/api/recent-decks?pageSize=100', { cookie: cookies.rep });
    expect(
      recentAgain.json().recentDecks.find((deck: { id: string }) => deck.id === unseen)
        .lastViewedAt,
    ).toBeNull();
  });

  it('answers 404 for a link of another deck or an unknown link', async () => {
    const deckId = await newDeck();
    const otherDeck = await newDeck();
    const { id } = await createLink(otherDeck);
    for (const linkId of [id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await get(`/api/decks/${deckId}/client-links/${linkId}/analytics`, {
        cookie: cookies.rep,
      });
      expect(res.statusCode, linkId).toBe(404);
      expect(
        (await post(`/api/decks/${deckId}/client-links/${linkId}/revoke`, cookies.rep)).statusCode,
      ).toBe(404);
    }
  });
});

describe('first-open notification', () => {
  it("tells the deck's owner once per link, in the portal and by mail", async () => {
    const deckId = await newDeck(cookies.rep, 'Notified deck');
    // A manager makes the link; the deck's owner is the one told.
    const made = await post(`/api/decks/${deckId}/client-links`, cookies.manager, linkInput());
    const token = /\/v\/(.+)$/.exec(made.json().url)![1]!;
    const linkId = made.json().link.id;
    const mailsToRep = async () =>
      (
        await t.app.services.db.select().from(outboxMails).where(eq(outboxMails.to, emails.rep))
      ).filter((mail) => mail.subject.includes('Notified deck'));

    await Promise.all([startVisit(token), startVisit(token), startVisit(token)]);
    await startVisit(token);
    const mine = await get('/api/notifications', { cookie: cookies.rep });
    expect(mine.statusCode).toBe(200);
    const about = mine
      .json()
      .notifications.filter((n: { message: string }) => n.message.includes('Notified deck'));
    expect(about).toEqual([
      {
        id: expect.any(String),
        message: 'Jane Client opened “Notified deck” for the first time.',
        read: false,
        createdAt: expect.any(String),
        link: `/deck/${deckId}/links/${linkId}`,
      },
    ]);
    const mails = await mailsToRep();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://portal.test/deck/${deckId}/links/${linkId}`);

    // Nobody else sees it; administrators' notifications are a separate list.
    const managers = await get('/api/notifications', { cookie: cookies.manager });
    expect(JSON.stringify(managers.json())).not.toContain('Notified deck');
    const admins = await get('/api/admin-notifications', { cookie: cookies.admin });
    expect(JSON.stringify(admins.json())).not.toContain('Notified deck');
    expect(
      (await post(`/api/admin-notifications/${about[0].id}/read`, cookies.admin)).statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/notifications/${about[0].id}/read`, cookies.otherRep)).statusCode,
    ).toBe(404);

    const unreadBefore = mine.json().unreadCount;
    const read = await post(`/api/notifications/${about[0].id}/read`, cookies.rep);
    expect(read.json()).toEqual({ success: true });
    const after = await get('/api/notifications', { cookie: cookies.rep });
    expect(after.json().unreadCount).toBe(unreadBefore - 1);
  });
});

describe('who may manage links', () => {
  it('lets the owner, a manager and an admin in; another rep gets 404, a pending user 403, anonymous 401', async () => {
    const deckId = await newDeck();
    const { id } = await createLink(deckId);
    const routes = [
      (cookie?: string) => post(`/api/decks/${deckId}/client-links`, cookie, linkInput()),
      (cookie?: string) => get(`/api/decks/${deckId}/client-links`, cookie ? { cookie } : {}),
      (cookie?: string) =>
        get(`/api/decks/${deckId}/client-links/${id}/analytics`, cookie ? { cookie } : {}),
      (cookie?: string) => post(`/api/decks/${deckId}/client-links/${id}/revoke`, cookie),
      (cookie?: string) => get('/api/notifications', cookie ? { cookie } : {}),
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
    const links = await t.app.services.db
      .select()
      .from(clientLinks)
      .where(eq(clientLinks.deckId, deckId));
    // The first link, and one each by the owner, the manager and the admin.
    expect(links).toHaveLength(4);
  });
});

describe('deleting a deck', () => {
  it('deletes its links, visits, events and notifications, and its tokens stop working', async () => {
    const deckId = await newDeck(cookies.rep, 'Doomed deck');
    const { token, id } = await createLink(deckId);
    const { visitId } = await startVisit(token);
    clock.advance(5000);
    await sendEvents(token, visitId!, [{ slide: 1, ms: 1000, view: 0 }]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deckId}`,
      headers: { cookie: cookies.rep },
    });
    expect(del.statusCode).toBe(200);
    const { db } = t.app.services;
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
    expect((await get(`/api/client-view/${token}`)).statusCode).toBe(404);
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
        headers: { cookie: admin.cookie },
        payload: draft(),
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
