import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientLinkMessages, viewEventLimits } from '@deck-portal/domain';
import { recordViewEvents } from '../src/client-links/record-view-events.ts';
import { resolveClientLink } from '../src/client-links/resolve-client-link.ts';
import { clientLinkClicks, clientLinkEvents, clientLinkVisits } from '../src/db/schema.ts';
import { firstSlideLink, slideCount, useClientLinkWorld } from './helpers/client-links-world.ts';

const w = useClientLinkWorld();
const { clock } = w;

const eventsOf = async (visitId: string) =>
  (
    await w
      .db()
      .select()
      .from(clientLinkEvents)
      .where(eq(clientLinkEvents.visitId, visitId))
      .orderBy(clientLinkEvents.id)
  ).map((row) => [row.slide, row.ms, row.view]);

describe('view events', () => {
  it('stores valid batches, as JSON or as the text a beacon sends, and answers 204', async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId);
    const { visitId, isTracked } = await w.startVisit(token);
    expect(isTracked).toBe(true);
    clock.advance(10_000);
    const json = await w.sendEvents(token, visitId!, [
      { slide: 1, ms: 4000, view: 0 },
      { slide: 2, ms: 3000, view: 1 },
    ]);
    expect(json.statusCode, json.body).toBe(204);
    const beaconed = await w.t.app.inject({
      method: 'POST',
      url: `/api/client-view/${token}/visits/${visitId}/events`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ sequence: 2, events: [{ slide: 2, ms: 1500, view: 1 }] }),
    });
    expect(beaconed.statusCode, beaconed.body).toBe(204);
    expect(await eventsOf(visitId!)).toEqual([
      [1, 4000, 0],
      [2, 3000, 1],
      [2, 1500, 1],
    ]);
  });

  it('refuses bad events with 400 and stores nothing of the batch', async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId);
    const { visitId } = await w.startVisit(token);
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
      const res = await w.sendEvents(token, visitId!, events);
      expect(res.statusCode, JSON.stringify(events).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    // Every batch carries its positive whole number.
    const url = `/api/client-view/${token}/visits/${visitId}/events`;
    for (const sequence of [undefined, 0, -1, 1.5, '2', viewEventLimits.maxSequence + 1]) {
      const res = await w.post(url, { sequence, events: [good] });
      expect(res.statusCode, String(sequence)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['sequence']);
    }
    const broken = await w.t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: '{"events": [',
    });
    expect(broken.statusCode).toBe(400);

    // A visit cannot be unknown, or another link's.
    expect(
      (await w.sendEvents(token, '00000000-0000-4000-8000-000000000000', [good])).statusCode,
    ).toBe(404);
    expect((await w.sendEvents(token, 'nope', [good])).statusCode).toBe(404);
    const other = await w.createLink(deckId);
    expect((await w.sendEvents(other.token, visitId!, [good])).statusCode).toBe(404);

    expect(await eventsOf(visitId!)).toEqual([]);
  });

  it('refuses more time than the visit has lasted, and more events than a visit may send', async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId);
    const { visitId } = await w.startVisit(token);
    clock.advance(30_000);
    // 30 s have passed; up to a minute's slack is allowed on top.
    const tooLong = await w.sendEvents(token, visitId!, [
      { slide: 1, ms: 60_000, view: 0 },
      { slide: 2, ms: 30_001, view: 1 },
    ]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(clientLinkMessages.tooMuchTime);
    expect(
      (await w.sendEvents(token, visitId!, [{ slide: 1, ms: 90_000, view: 0 }])).statusCode,
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
      expect((await w.sendEvents(token, visitId!, batch)).statusCode).toBe(204);
    }
    const room = viewEventLimits.perVisit - 1 - fullBatches * viewEventLimits.perBatch;
    if (room > 0) {
      const res = await w.sendEvents(token, visitId!, batch.slice(0, room));
      expect(res.statusCode).toBe(204);
    }
    const [full] = await w
      .db()
      .select()
      .from(clientLinkVisits)
      .where(eq(clientLinkVisits.id, visitId!));
    const last = full!.lastBatch;
    const over = await w.sendEvents(token, visitId!, [{ slide: 1, ms: 1, view: 9999 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(clientLinkMessages.tooManyEvents);
    // The last batch stored, sent again after a lost answer, is still a success.
    const resent = await w.sendEvents(token, visitId!, batch.slice(0, 1), last);
    expect(resent.statusCode).toBe(204);
    const [visit] = await w
      .db()
      .select()
      .from(clientLinkVisits)
      .where(eq(clientLinkVisits.id, visitId!));
    expect(visit!.eventCount).toBe(viewEventLimits.perVisit);
  });
});

describe('batch numbers', () => {
  it('stores a batch sent again after a lost answer once, and one older than a stored batch not at all', async () => {
    const deckId = await w.newDeck();
    const { token, id } = await w.createLink(deckId);
    const { visitId } = await w.startVisit(token);
    clock.advance(60_000);
    const first = [{ slide: 1, ms: 4000, view: 0 }];
    expect((await w.sendEvents(token, visitId!, first, 1)).statusCode).toBe(204);
    // The answer was lost: the viewer sends the same batch, with the same number.
    expect((await w.sendEvents(token, visitId!, first, 1)).statusCode).toBe(204);
    expect(
      (await w.sendEvents(token, visitId!, [{ slide: 3, ms: 2000, view: 2 }], 3)).statusCode,
    ).toBe(204);
    // Batch 2 overtaken by batch 3 (a beacon passing a request in flight) is not stored.
    expect(
      (await w.sendEvents(token, visitId!, [{ slide: 2, ms: 1000, view: 1 }], 2)).statusCode,
    ).toBe(204);

    expect(await eventsOf(visitId!)).toEqual([
      [1, 4000, 0],
      [3, 2000, 2],
    ]);
    const analytics = await w.analytics(deckId, id);
    expect(analytics.link.totalViewMs).toBe(6000);
    expect(analytics.slides).toEqual([
      { slide: 1, title: 'Slide title 1', totalMs: 4000, views: 1 },
      { slide: 2, title: 'Slide title 2', totalMs: 0, views: 0 },
      { slide: 3, title: 'Slide title 3', totalMs: 2000, views: 1 },
    ]);
    expect(analytics.visits[0]).toMatchObject({ durationMs: 6000, slidesViewed: [1, 3] });
  });

  it('stores one batch sent many times at once only once', async () => {
    const { token } = await w.createLink(await w.newDeck());
    const { visitId } = await w.startVisit(token);
    clock.advance(60_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        w.sendEvents(token, visitId!, [{ slide: 2, ms: 5000, view: 0 }], 1),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(204));
    expect(await eventsOf(visitId!)).toEqual([[2, 5000, 0]]);
    const [visit] = await w
      .db()
      .select()
      .from(clientLinkVisits)
      .where(eq(clientLinkVisits.id, visitId!));
    expect(visit).toMatchObject({ eventCount: 1, totalMs: 5000, lastBatch: 1 });
  });

  it('is kept by the use case itself, called without HTTP', async () => {
    const { token } = await w.createLink(await w.newDeck());
    const { visitId } = await w.startVisit(token);
    clock.advance(60_000);
    const services = w.t.app.services;
    const open = await resolveClientLink(services, { token, ip: w.ip });
    const batch = { sequence: 1, events: [{ slide: 1, ms: 1000, view: 0 }] };
    await recordViewEvents(services, { open, visitId: visitId!, batch });
    await recordViewEvents(services, { open, visitId: visitId!, batch });
    await recordViewEvents(services, { open, visitId: visitId!, batch: { ...batch, sequence: 2 } });
    expect(await eventsOf(visitId!)).toEqual([
      [1, 1000, 0],
      [1, 1000, 0],
    ]);
  });
});

describe('clicks on links of the slides', () => {
  it('counts the links a client opens, with the words and address of the version, for the rep', async () => {
    const deckId = await w.newDeck();
    const { token, id } = await w.createLink(deckId);
    const { visitId } = await w.startVisit(token);
    const url = `/api/client-view/${token}/visits/${visitId}/link-clicks`;
    clock.advance(5_000);
    expect((await w.post(url, { slide: 1, link: 0 })).statusCode).toBe(204);
    clock.advance(5_000);
    expect((await w.post(url, { slide: 1, link: 0 })).statusCode).toBe(204);

    // A link the slide does not have, or a slide the deck does not have: 400, nothing stored.
    for (const click of [
      { slide: 1, link: 1 },
      { slide: 2, link: 0 },
      { slide: 9, link: 0 },
    ]) {
      const refused = await w.post(url, click);
      expect(refused.statusCode, JSON.stringify(click)).toBe(400);
      expect(refused.json().error.message).toBe(clientLinkMessages.noSuchSlideLink);
    }
    for (const bad of [{ slide: 0, link: 0 }, { slide: 1 }, { slide: 1, link: -1 }, {}]) {
      expect((await w.post(url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Another link's visit, or none at all.
    const other = await w.createLink(deckId);
    const elsewhere = `/api/client-view/${other.token}/visits/${visitId}/link-clicks`;
    expect((await w.post(elsewhere, { slide: 1, link: 0 })).statusCode).toBe(404);
    const nowhere = `/api/client-view/${token}/visits/not-a-visit/link-clicks`;
    expect((await w.post(nowhere, { slide: 1, link: 0 })).statusCode).toBe(404);

    const analytics = await w.analytics(deckId, id);
    expect(analytics.linkClicks).toEqual([
      {
        version: 1,
        slide: 1,
        title: 'Slide title 1',
        text: firstSlideLink.text,
        href: firstSlideLink.href,
        clicks: 2,
        lastClickedAt: clock.now().toISOString(),
      },
    ]);
    // The other link's client clicked nothing.
    expect((await w.analytics(deckId, other.id)).linkClicks).toEqual([]);
  });

  it('stops counting a visit past its limit of clicks', async () => {
    const { token } = await w.createLink(await w.newDeck());
    const { visitId } = await w.startVisit(token);
    await w
      .db()
      .insert(clientLinkClicks)
      .values(
        Array.from({ length: viewEventLimits.linkClicksPerVisit }, () => ({
          visitId: visitId!,
          slide: 1,
          link: 0,
          text: firstSlideLink.text,
          href: firstSlideLink.href,
          clickedAt: clock.now(),
        })),
      );
    const refused = await w.post(`/api/client-view/${token}/visits/${visitId}/link-clicks`, {
      slide: 1,
      link: 0,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(clientLinkMessages.tooManyLinkClicks);
    const stored = await w
      .db()
      .select()
      .from(clientLinkClicks)
      .where(eq(clientLinkClicks.visitId, visitId!));
    expect(stored).toHaveLength(viewEventLimits.linkClicksPerVisit);
  });
});
