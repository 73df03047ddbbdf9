import { and, eq, inArray, lte } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { clientLinkVisits, jobs, outboxMails } from '../src/db/schema.ts';
import {
  linkInput,
  newAddress,
  sha256,
  useClientLinkWorld,
  viewerCookieOf,
} from './helpers/client-links-world.ts';

const w = useClientLinkWorld();
const { clock, cookies, emails } = w;

const visitsOf = (linkId: string) =>
  w.db().select().from(clientLinkVisits).where(eq(clientLinkVisits.linkId, linkId));

describe('analytics', () => {
  it('sums time and views per slide and lists the visits from a known sequence of events', async () => {
    const deckId = await w.newDeck();
    const { token, id } = await w.createLink(deckId, { recipientEmail: 'buyer@client.example' });
    const second = await w.createLink(deckId, { recipientEmail: 'BUYER@client.example' });

    const first = await w.startVisit(token);
    const firstStart = clock.now().toISOString();
    clock.advance(60_000);
    // Slide 2 is looked at twice; its first look arrives in two pieces (two batches).
    expect(
      (
        await w.sendEvents(token, first.visitId!, [
          { slide: 1, ms: 2000, view: 0 },
          { slide: 2, ms: 5000, view: 1 },
        ])
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await w.sendEvents(token, first.visitId!, [
          { slide: 2, ms: 3000, view: 1 },
          { slide: 3, ms: 1000, view: 2 },
          { slide: 2, ms: 4000, view: 3 },
        ])
      ).statusCode,
    ).toBe(204);
    clock.advance(3600_000);
    const later = await w.startVisit(token);
    const laterStart = clock.now().toISOString();
    clock.advance(10_000);
    await w.sendEvents(token, later.visitId!, [{ slide: 1, ms: 1000, view: 0 }]);
    // The second link, to the same address in other letters, is one recipient more, not two.
    const third = await w.startVisit(second.token);
    clock.advance(10_000);
    await w.sendEvents(second.token, third.visitId!, [{ slide: 3, ms: 500, view: 0 }]);

    const analytics = await w.analytics(deckId, id);
    expect(analytics.slideCount).toBe(3);
    expect(analytics.deck).toEqual({
      id: deckId,
      title: 'Cold Chain Upgrade',
      clientName: 'Northwind Pharmacies',
    });
    expect(analytics.slides).toEqual([
      { slide: 1, title: 'Slide title 1', totalMs: 3000, views: 2 },
      { slide: 2, title: 'Slide title 2', totalMs: 12000, views: 2 },
      { slide: 3, title: 'Slide title 3', totalMs: 1000, views: 1 },
    ]);
    expect(analytics.visits).toEqual([
      {
        id: later.visitId,
        startedAt: laterStart,
        durationMs: 1000,
        slidesViewed: [1],
        version: 1,
        verifiedEmail: null,
      },
      {
        id: first.visitId,
        startedAt: firstStart,
        durationMs: 15000,
        slidesViewed: [1, 2, 3],
        version: 1,
        verifiedEmail: null,
      },
    ]);
    // Two visits without a viewer cookie: two viewers.
    expect(analytics.link).toMatchObject({
      opens: 2,
      lastOpenedAt: laterStart,
      totalViewMs: 16000,
    });

    const list = await w.get(`/api/decks/${deckId}/client-links`, { cookie: cookies.rep });
    expect(list.json().summary).toEqual({
      links: 2,
      opens: 3,
      uniqueRecipients: 1,
      mostViewedSlide: { slide: 2, title: 'Slide title 2', version: 1, totalMs: 12000 },
    });

    // The deck's own team looking at the link is not counted.
    const own = await w.startVisit(token, { cookie: cookies.rep });
    expect(own).toEqual({ visitId: null, isTracked: false, untrackedReason: 'team' });
    const managerLook = await w.startVisit(token, { cookie: cookies.manager });
    expect(managerLook.isTracked).toBe(false);
    expect((await w.analytics(deckId, id)).link.opens).toBe(2);

    // The dashboard sees when a client last looked.
    const recent = await w.get('/api/recent-decks?pageSize=100', { cookie: cookies.rep });
    const item = recent.json().recentDecks.find((deck: { id: string }) => deck.id === deckId);
    expect(new Date(item.lastViewedAt).getTime()).toBe(
      new Date(clock.now().getTime() - 10_000).getTime(),
    );
    const unseen = await w.newDeck();
    const recentAgain = await w.get('/api/recent-decks?pageSize=100', { cookie: cookies.rep });
    expect(
      recentAgain.json().recentDecks.find((deck: { id: string }) => deck.id === unseen)
        .lastViewedAt,
    ).toBeNull();
  });

  it('answers 404 for a link of another deck or an unknown link', async () => {
    const deckId = await w.newDeck();
    const otherDeck = await w.newDeck();
    const { id } = await w.createLink(otherDeck);
    for (const linkId of [id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await w.get(`/api/decks/${deckId}/client-links/${linkId}/analytics`, {
        cookie: cookies.rep,
      });
      expect(res.statusCode, linkId).toBe(404);
      const revoke = await w.post(`/api/decks/${deckId}/client-links/${linkId}/revoke`, undefined, {
        cookie: cookies.rep,
      });
      expect(revoke.statusCode).toBe(404);
    }
  });
});

describe('opens', () => {
  it('counts an open once per viewer: the browser keeps a cookie for the link, the database its hash', async () => {
    const deckId = await w.newDeck();
    const { token, id } = await w.createLink(deckId);
    const visit = await w.post(`/api/client-view/${token}/visits`);
    expect(visit.statusCode).toBe(201);
    const cookie = visit.cookies.find((c) => c.name === 'deck_link_viewer')!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      // Sent with this link's own requests only.
      path: `/api/client-view/${token}`,
    });
    expect(cookie.maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await visitsOf(id);
    expect(row!.viewerHash).toBe(sha256(cookie.value));
    expect(JSON.stringify(await visitsOf(id))).not.toContain(cookie.value);

    // The same browser again, twice: more visits, the same viewer.
    const viewer = viewerCookieOf(visit)!;
    for (let i = 0; i < 2; i += 1) {
      clock.advance(60_000);
      const again = await w.post(`/api/client-view/${token}/visits`, undefined, {
        cookie: viewer,
      });
      expect(again.json()).toMatchObject({ isTracked: true, untrackedReason: null });
      expect(viewerCookieOf(again)).toBe(viewer);
    }
    let analytics = await w.analytics(deckId, id);
    expect(analytics.visits).toHaveLength(3);
    expect(analytics.link.opens).toBe(1);

    // Another browser is another viewer; so is a cookie this server did not make.
    await w.startVisit(token, { ip: newAddress() });
    const forged = await w.post(`/api/client-view/${token}/visits`, undefined, {
      cookie: 'deck_link_viewer=made-up',
    });
    expect(viewerCookieOf(forged)).not.toBe('deck_link_viewer=made-up');
    analytics = await w.analytics(deckId, id);
    expect(analytics.link.opens).toBe(3);

    // Visits stored before viewers were told apart have none, and count one each.
    await w
      .db()
      .insert(clientLinkVisits)
      .values([
        { linkId: id, startedAt: clock.now() },
        { linkId: id, startedAt: clock.now() },
      ]);
    expect((await w.analytics(deckId, id)).link.opens).toBe(5);
    const list = await w.get(`/api/decks/${deckId}/client-links`, { cookie: cookies.rep });
    expect(list.json().links[0].opens).toBe(5);
    expect(list.json().summary.opens).toBe(5);
  });

  it('counts at most 20 visits of a link from one address an hour; past that the page still works, untracked', async () => {
    const deckId = await w.newDeck();
    const { token, id } = await w.createLink(deckId);
    // The tester's script: 200 visits from one address, without cookies.
    const answers = [];
    for (let i = 0; i < 200; i += 1) answers.push(await w.startVisit(token));
    expect(answers.filter((answer) => answer.isTracked)).toHaveLength(20);
    expect(answers.slice(20).every((answer) => answer.untrackedReason === 'limit')).toBe(true);
    expect(answers[20]).toEqual({ visitId: null, isTracked: false, untrackedReason: 'limit' });
    expect(await visitsOf(id)).toHaveLength(20);
    expect((await w.analytics(deckId, id)).link.opens).toBe(20);
    // The deck still opens from there.
    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(200);

    // Another address, and another link from the same address, are counted.
    expect((await w.startVisit(token, { ip: newAddress() })).isTracked).toBe(true);
    const other = await w.createLink(deckId);
    expect((await w.startVisit(other.token)).isTracked).toBe(true);
    // An hour on, the address is counted again.
    clock.advance(3600_000);
    expect((await w.startVisit(token)).isTracked).toBe(true);
    expect((await w.analytics(deckId, id)).link.opens).toBe(22);
  });
});

describe('first-open notification', () => {
  it("tells the deck's owner once per link, in the portal and by mail", async () => {
    // What the tests before still owe is told first (their visits' three-minute alerts, their
    // first opens' mail), and five minutes pass, so this test's alerts are the rep's newest and
    // its mail is not held back for the rep's last one.
    const dueJobsDone = () =>
      vi.waitFor(
        async () =>
          expect(
            await w
              .db()
              .select({ id: jobs.id })
              .from(jobs)
              .where(and(inArray(jobs.state, ['queued', 'running']), lte(jobs.runAt, clock.now()))),
          ).toEqual([]),
        { timeout: 20_000 },
      );
    await dueJobsDone();
    clock.advance(5 * 60_000);
    await dueJobsDone();
    clock.advance(1_000);
    const deckId = await w.newDeck(cookies.rep, 'Notified deck');
    // A manager makes the link; the deck's owner is the one told.
    const made = await w.post(`/api/decks/${deckId}/client-links`, linkInput(), {
      cookie: cookies.manager,
    });
    const token = /\/v\/(.+)$/.exec(made.json().url)![1]!;
    const linkId = made.json().link.id;
    const mailsToRep = async () =>
      (await w.db().select().from(outboxMails).where(eq(outboxMails.to, emails.rep))).filter(
        (mail) => mail.subject.includes('Notified deck'),
      );

    // Viewers from several addresses at once, and one coming back.
    const [firstViewer] = await Promise.all([
      w.post(`/api/client-view/${token}/visits`),
      w.startVisit(token, { ip: newAddress() }),
      w.startVisit(token, { ip: newAddress() }),
    ]);
    await w.startVisit(token, { cookie: viewerCookieOf(firstViewer) });
    // Told by the alerts' job that follows the first open; other alerts (a new viewer) aside.
    const firstOpens = async () => {
      const mine = await w.get('/api/notifications', { cookie: cookies.rep });
      expect(mine.statusCode).toBe(200);
      const about = mine
        .json()
        .notifications.filter(
          (n: { message: string }) =>
            n.message.includes('Notified deck') && n.message.includes('first time'),
        );
      return { mine, about };
    };
    await vi.waitFor(async () => expect((await firstOpens()).about).toHaveLength(1), {
      timeout: 20_000,
    });
    await vi.waitFor(async () => expect(await mailsToRep()).toHaveLength(1), { timeout: 20_000 });
    const { mine, about } = await firstOpens();
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
    const managers = await w.get('/api/notifications', { cookie: cookies.manager });
    expect(JSON.stringify(managers.json())).not.toContain('Notified deck');
    const admins = await w.get('/api/admin-notifications', { cookie: cookies.admin });
    expect(JSON.stringify(admins.json())).not.toContain('Notified deck');
    const adminRead = await w.post(`/api/admin-notifications/${about[0].id}/read`, undefined, {
      cookie: cookies.admin,
    });
    expect(adminRead.statusCode).toBe(404);
    const otherRead = await w.post(`/api/notifications/${about[0].id}/read`, undefined, {
      cookie: cookies.otherRep,
    });
    expect(otherRead.statusCode).toBe(404);

    const unreadBefore = mine.json().unreadCount;
    const read = await w.post(`/api/notifications/${about[0].id}/read`, undefined, {
      cookie: cookies.rep,
    });
    expect(read.json()).toEqual({ success: true });
    const after = await w.get('/api/notifications', { cookie: cookies.rep });
    // One fewer unread, whatever other alerts of the visits above (a new viewer) arrived since.
    const seen = new Set(mine.json().notifications.map((n: { id: string }) => n.id));
    const arrived = after
      .json()
      .notifications.filter((n: { id: string; read: boolean }) => !seen.has(n.id) && !n.read);
    expect(after.json().unreadCount).toBe(unreadBefore - 1 + arrived.length);
    expect(
      after.json().notifications.find((n: { id: string }) => n.id === about[0].id),
    ).toMatchObject({ read: true });
  });
});
