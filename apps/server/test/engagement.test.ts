import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ClientLinkAnalytics, DeckEngagement, SlideProducts } from '@deck-portal/domain';
import { deckVersions } from '../src/db/schema.ts';
import { carriedSlideProducts } from '../src/engagement/carry-slide-products.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { useClientLinkWorld } from './helpers/client-links-world.ts';

// Slide 1 is about the battery, slide 2 (the pricing) shared by the battery and the controller,
// slide 3 about no product.
const slideProducts: SlideProducts = [
  [{ productId: 'battery_backup', share: 1 }],
  [
    { productId: 'battery_backup', share: 0.5 },
    { productId: 'controller', share: 0.5 },
  ],
  [],
];
const w = useClientLinkWorld({ deckRenderer: createFakeDeckRenderer(3, { slideProducts }) });

/** A deck whose second slide is priced, as a deck with pricing has it. */
async function pricedDeck() {
  const deckId = await w.newDeck();
  await w
    .db()
    .update(deckVersions)
    .set({
      slidePlan: [
        { key: 'slide-1', priced: false },
        { key: 'slide-2', priced: true },
        { key: 'slide-3', priced: false },
      ],
    })
    .where(eq(deckVersions.deckId, deckId));
  return deckId;
}

async function visit(token: string, events: { slide: number; ms: number }[]) {
  const { visitId } = await w.startVisit(token);
  w.clock.advance(30_000);
  const res = await w.sendEvents(
    token,
    visitId!,
    events.map((event, view) => ({ ...event, view })),
  );
  expect(res.statusCode, res.body).toBe(204);
  w.clock.advance(3_600_000);
  return visitId!;
}

async function deckEngagement(deckId: string, cookie = w.cookies.rep) {
  const res = await w.get(`/api/decks/${deckId}/engagement`, { cookie });
  return { status: res.statusCode, body: res.json() as DeckEngagement };
}

const sumOf = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 10) / 10;

describe('per-product engagement', () => {
  it('stores the products of each slide with the version', async () => {
    const deckId = await w.newDeck();
    const [version] = await w
      .db()
      .select({ slideProducts: deckVersions.slideProducts })
      .from(deckVersions)
      .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, 1)));
    expect(version?.slideProducts).toEqual(slideProducts);
  });

  it("adds a scripted visit's seconds up to the same total by slide and by product", async () => {
    const deckId = await pricedDeck();
    const { token, id } = await w.createLink(deckId);
    await visit(token, [
      { slide: 1, ms: 40_000 },
      { slide: 2, ms: 12_300 },
      { slide: 3, ms: 7_100 },
      { slide: 1, ms: 20_000 },
    ]);

    const analytics = (await w.analytics(deckId, id)) as ClientLinkAnalytics;
    const bySlide = sumOf(analytics.slides.map((slide) => slide.totalMs / 1000));
    const engagement = analytics.productEngagement;
    expect(bySlide).toBe(79.4);
    expect(engagement.totalSeconds).toBe(79.4);
    expect(sumOf(engagement.products.map((product) => product.seconds))).toBe(79.4);
    expect(engagement.products).toEqual([
      // 60 s on slide 1 and half of slide 2's 12.3 s.
      { productId: 'battery_backup', name: 'Battery Backup', seconds: 66.2 },
      { productId: 'general', name: 'General', seconds: 7.1 },
      { productId: 'controller', name: 'Controller', seconds: 6.1 },
    ]);
    expect(engagement.topProduct).toEqual({
      productId: 'battery_backup',
      name: 'Battery Backup',
      seconds: 66.2,
    });
    expect(engagement.visitCount).toBe(1);
    expect(engagement.pricingViewedVisits).toBe(1);
    expect(engagement.visits).toHaveLength(1);
    expect(engagement.visits[0]).toMatchObject({
      linkId: id,
      version: 1,
      totalSeconds: 79.4,
      pricingViewed: true,
    });
    expect(engagement.visits[0]!.products).toEqual(engagement.products);
  });

  it('counts pricing viewed only in visits with five seconds or more on a priced slide', async () => {
    const deckId = await pricedDeck();
    const { token, id } = await w.createLink(deckId);
    await visit(token, [{ slide: 2, ms: 5_000 }]);
    await visit(token, [
      { slide: 1, ms: 30_000 },
      { slide: 2, ms: 4_900 },
    ]);
    await visit(token, [{ slide: 2, ms: 9_000 }]);
    const { productEngagement } = (await w.analytics(deckId, id)) as ClientLinkAnalytics;
    expect(productEngagement.visitCount).toBe(3);
    expect(productEngagement.pricingViewedVisits).toBe(2);
    // Newest first.
    expect(productEngagement.visits.map((one) => one.pricingViewed)).toEqual([true, false, true]);
  });

  it("answers a deck's engagement over all its links, and per link in each link's analytics", async () => {
    const deckId = await pricedDeck();
    const first = await w.createLink(deckId);
    const second = await w.createLink(deckId, { recipientName: 'Sam Buyer' });
    await visit(first.token, [{ slide: 1, ms: 10_000 }]);
    await visit(second.token, [{ slide: 2, ms: 8_000 }]);
    await visit(second.token, [{ slide: 3, ms: 2_500 }]);

    const { status, body } = await deckEngagement(deckId);
    expect(status).toBe(200);
    expect(body.deck).toMatchObject({ id: deckId, title: 'Cold Chain Upgrade' });
    expect(body.engagement).toMatchObject({
      totalSeconds: 20.5,
      visitCount: 3,
      pricingViewedVisits: 1,
      topProduct: { productId: 'battery_backup', seconds: 14 },
    });
    expect(body.engagement.products).toEqual([
      { productId: 'battery_backup', name: 'Battery Backup', seconds: 14 },
      { productId: 'controller', name: 'Controller', seconds: 4 },
      { productId: 'general', name: 'General', seconds: 2.5 },
    ]);
    expect(body.engagement.visits.map((one) => one.linkId)).toEqual([
      second.id,
      second.id,
      first.id,
    ]);

    const one = (await w.analytics(deckId, first.id)) as ClientLinkAnalytics;
    expect(one.productEngagement.products).toEqual([
      { productId: 'battery_backup', name: 'Battery Backup', seconds: 10 },
    ]);
    expect(one.productEngagement.pricingViewedVisits).toBe(0);
  });

  it('counts the time on versions kept before slides had products as General', async () => {
    const deckId = await w.newDeck();
    await w
      .db()
      .update(deckVersions)
      .set({ slideProducts: [], slidePlan: null })
      .where(eq(deckVersions.deckId, deckId));
    const { token, id } = await w.createLink(deckId);
    await visit(token, [
      { slide: 1, ms: 3_000 },
      { slide: 2, ms: 9_000 },
    ]);
    const { productEngagement } = (await w.analytics(deckId, id)) as ClientLinkAnalytics;
    expect(productEngagement.products).toEqual([
      { productId: 'general', name: 'General', seconds: 12 },
    ]);
    expect(productEngagement.topProduct).toBeNull();
    expect(productEngagement.pricingViewedVisits).toBe(0);
  });

  it('answers an empty engagement before any visit, and 404 to a rep who is not the owner', async () => {
    const deckId = await w.newDeck();
    const { status, body } = await deckEngagement(deckId);
    expect(status).toBe(200);
    expect(body.engagement).toEqual({
      totalSeconds: 0,
      visitCount: 0,
      products: [],
      topProduct: null,
      pricingViewedVisits: 0,
      visits: [],
    });
    expect((await deckEngagement(deckId, w.cookies.otherRep)).status).toBe(404);
    expect((await deckEngagement(deckId, w.cookies.manager)).status).toBe(200);
    expect((await w.get(`/api/decks/${deckId}/engagement`)).statusCode).toBe(401);
  });
});

describe('carriedSlideProducts', () => {
  it("gives an edited version's slides the products they had under the same key", () => {
    const base = {
      slidePlan: [
        { key: 'pricing-controller', priced: true },
        { key: 'case-study', priced: false },
      ],
      slideProducts: [[{ productId: 'controller', share: 1 }], []],
    };
    expect(
      carriedSlideProducts(base, [
        { key: 'case-study', priced: false },
        { key: 'added-1', priced: false },
        { key: 'pricing-controller', priced: true },
      ]),
    ).toEqual([[], [], [{ productId: 'controller', share: 1 }]]);
    expect(carriedSlideProducts({ slidePlan: null, slideProducts: [] }, base.slidePlan)).toEqual([
      [],
      [],
    ]);
  });
});
