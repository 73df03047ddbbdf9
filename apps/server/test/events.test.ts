import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deckVersions, events, jobs, webhookEndpoints } from '../src/db/schema.ts';
import { endQuietVisits, visitQuietEndMs } from '../src/events/end-visit.ts';
import { useClientLinkWorld, viewerCookieOf } from './helpers/client-links-world.ts';

// Issue 51: what happened is a row first (ADR 045), recorded with the change; alerts and
// webhooks read these rows.
const w = useClientLinkWorld();
const { clock, cookies, ids } = w;

const eventsOfDeck = (deckId: string) =>
  w.db().select().from(events).where(eq(events.deckId, deckId)).orderBy(asc(events.id));

/** The jobs queued to tell of an event; not the deck's subject (its page follows its generations). */
const jobsFor = (eventId: number) =>
  w
    .db()
    .select({ kind: jobs.kind, subjectId: jobs.subjectId })
    .from(jobs)
    .where(sql`${jobs.payload}->>'eventId' = ${String(eventId)}`);

const dataOf = async (deckId: string, type: string) =>
  (await eventsOfDeck(deckId)).filter((event) => event.type === type).map((event) => event.data);

describe('events', () => {
  it('records link.created without the link’s address, and queues the webhooks’ job only while an endpoint turned on wants it', async () => {
    const deckId = await w.newDeck();
    const { id, body } = await w.createLink(deckId, { recipientName: 'Jane Client' });
    const [made, created] = await eventsOfDeck(deckId);
    // Its first version came before it.
    expect(made).toMatchObject({ type: 'deck.version_created', data: { version: { number: 1 } } });
    expect(created).toMatchObject({
      type: 'link.created',
      deckId,
      linkId: id,
      ownerId: ids.rep,
      actorId: ids.rep,
    });
    expect(created!.publicId).toMatch(/^evt_[A-Za-z0-9_-]{24}$/);
    expect(created!.data).toMatchObject({
      deck: { id: deckId, title: 'Cold Chain Upgrade', ownerId: ids.rep },
      link: { id, recipientName: 'Jane Client', recipientEmail: 'jane.client@northwind.example' },
    });
    // The token is the client's key: no event carries it.
    const token = /\/v\/([A-Za-z0-9_-]+)$/.exec(body.url)![1]!;
    expect(JSON.stringify(created!.data)).not.toContain(token);
    // Alerts read visits and answers only; webhooks only what an endpoint turned on wants, and
    // no endpoint wants anything yet.
    expect(await jobsFor(created!.id)).toEqual([]);

    const addEndpoints = (
      ...endpoints: { url: string; eventTypes: string[]; disabledAt?: Date }[]
    ) =>
      w
        .db()
        .insert(webhookEndpoints)
        .values(endpoints.map((endpoint) => ({ ...endpoint, secret: 'whsec_dGVzdA' })))
        .returning({ id: webhookEndpoints.id });
    const added = await addEndpoints(
      { url: 'https://crm.example/off', eventTypes: ['link.created'], disabledAt: clock.now() },
      { url: 'https://crm.example/other', eventTypes: ['deck.version_created'] },
    );
    try {
      // One turned off and one wanting other events: still nobody to tell.
      await w.createLink(deckId, { recipientName: 'Joe Client' });
      // One turned on that wants it: the job is queued.
      added.push(
        ...(await addEndpoints({
          url: 'https://crm.example/links',
          eventTypes: ['link.opened', 'link.created'],
        })),
      );
      await w.createLink(deckId, { recipientName: 'Ann Client' });
      const [, , unwanted, wanted] = await eventsOfDeck(deckId);
      expect([unwanted!.type, wanted!.type]).toEqual(['link.created', 'link.created']);
      expect(await jobsFor(unwanted!.id)).toEqual([]);
      expect(await jobsFor(wanted!.id)).toEqual([{ kind: 'webhooks.fan-out', subjectId: null }]);
    } finally {
      await w
        .db()
        .delete(webhookEndpoints)
        .where(
          inArray(
            webhookEndpoints.id,
            added.map((endpoint) => endpoint.id),
          ),
        );
    }
  });

  it('records link.opened at every counted visit: the first, a new viewer, the days since the last visit', async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId);
    const first = await w.post(`/api/client-view/${token}/visits`);
    const cookie = viewerCookieOf(first)!;
    clock.advance(3 * 24 * 3600_000);
    await w.startVisit(token, { cookie });
    await w.startVisit(token);
    // The rep checking the link is not the client: no visit, no event.
    await w.startVisit(token, { cookie: cookies.rep });

    const opened = await dataOf(deckId, 'link.opened');
    expect(opened.map((data) => [data.first, data.newViewer, data.daysSinceLastVisit])).toEqual([
      [true, false, null],
      [false, false, 3],
      [false, true, 0],
    ]);
    expect(opened[0]).toMatchObject({ visit: { version: 1, verifiedEmail: null } });
  });

  it('ends a visit when its page says so, once, with its seconds by slide and by product adding up', async () => {
    const deckId = await w.newDeck();
    const { token, id: linkId } = await w.createLink(deckId);
    // Slide 2 is about the controller, slide 3 shared by two products; slide 1 is about none.
    await w
      .db()
      .update(deckVersions)
      .set({
        slideProducts: [
          [],
          [{ productId: 'controller', share: 1 }],
          [
            { productId: 'controller', share: 0.5 },
            { productId: 'battery', share: 0.5 },
          ],
        ],
      })
      .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, 1)));
    const { visitId } = await w.startVisit(token);
    clock.advance(60_000);
    await w.sendEvents(token, visitId!, [
      { slide: 1, ms: 2_000, view: 0 },
      { slide: 2, ms: 5_000, view: 1 },
      { slide: 3, ms: 4_000, view: 2 },
      { slide: 2, ms: 1_500, view: 3 },
    ]);
    const end = () => w.post(`/api/client-view/${token}/visits/${visitId}/end`, {});
    expect((await end()).statusCode).toBe(204);
    expect((await end()).statusCode).toBe(204);

    const ended = await eventsOfDeck(deckId).then((rows) =>
      rows.filter((row) => row.type === 'visit.ended'),
    );
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ linkId, visitId });
    const data = ended[0]!.data as {
      totalSeconds: number;
      slides: { slide: number; seconds: number }[];
      products: { productId: string; seconds: number }[];
    };
    expect(data.totalSeconds).toBe(12.5);
    expect(data.slides.map(({ slide, seconds }) => [slide, seconds])).toEqual([
      [1, 2],
      [2, 6.5],
      [3, 4],
    ]);
    expect(data.products.map(({ productId, seconds }) => [productId, seconds])).toEqual([
      ['controller', 8.5],
      ['battery', 2],
      ['general', 2],
    ]);
    const sum = (list: { seconds: number }[]) =>
      list.reduce((total, item) => total + item.seconds, 0);
    expect(sum(data.products)).toBeCloseTo(sum(data.slides), 5);
  });

  it('refuses to end a visit of another link, and the sweep ends the visits quiet for ten minutes', async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId);
    const other = await w.createLink(deckId);
    const { visitId } = await w.startVisit(token);
    // Named through another link's address: not found, and nothing ends.
    const foreign = await w.post(`/api/client-view/${other.token}/visits/${visitId}/end`, {});
    expect(foreign.statusCode).toBe(404);
    expect(await dataOf(deckId, 'visit.ended')).toEqual([]);
    expect((await w.post(`/api/client-view/${token}/visits/not-a-visit/end`, {})).statusCode).toBe(
      404,
    );

    await w.sendEvents(token, visitId!, [{ slide: 1, ms: 1_000, view: 0 }]);
    clock.advance(visitQuietEndMs - 1_000);
    await endQuietVisits(w.t.app.services);
    expect(await dataOf(deckId, 'visit.ended')).toEqual([]);
    clock.advance(2_000);
    await endQuietVisits(w.t.app.services);
    await endQuietVisits(w.t.app.services);
    expect(await dataOf(deckId, 'visit.ended')).toEqual([
      expect.objectContaining({
        totalSeconds: 1,
        products: [expect.objectContaining({ productId: 'general' })],
      }),
    ]);
  });
});
