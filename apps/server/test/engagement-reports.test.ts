import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EngagementReport } from '@deck-portal/domain';
import { decks, deckVersions } from '../src/db/schema.ts';
import { linkInput, useClientLinkWorld, type Who } from './helpers/client-links-world.ts';

const w = useClientLinkWorld();
const { clock, cookies, ids } = w;

/**
 * Slide 1 is about the battery, slide 2 about nothing, slide 3 (the priced one) split between
 * the battery and the controller.
 */
async function describeSlides(deckId: string) {
  await w
    .db()
    .update(deckVersions)
    .set({
      slideProducts: [
        [{ productId: 'battery_backup', share: 1 }],
        [],
        [
          { productId: 'battery_backup', share: 0.5 },
          { productId: 'controller', share: 0.5 },
        ],
      ],
      slidePlan: [
        { key: 'cover', priced: false },
        { key: 'about', priced: false },
        { key: 'pricing', priced: true },
      ],
    })
    .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, 1)));
}

/**
 * A client's visit on a new link of the deck (made by `owner`, the deck's), with these
 * milliseconds per slide.
 */
async function visit(
  deckId: string,
  slides: Record<number, number>,
  { owner = 'rep', recipientName = 'Jane Client' }: { owner?: Who; recipientName?: string } = {},
) {
  const made = await w.post(`/api/decks/${deckId}/client-links`, linkInput({ recipientName }), {
    cookie: cookies[owner],
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().link.id as string;
  const token = /\/v\/([A-Za-z0-9_-]+)$/.exec(made.json().url as string)![1]!;
  const started = await w.startVisit(token);
  clock.advance(120_000);
  const events = Object.entries(slides).map(([slide, ms], view) => ({
    slide: Number(slide),
    ms,
    view,
  }));
  const res = await w.sendEvents(token, started.visitId!, events);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { linkId: id, visitId: started.visitId! };
}

async function report(who: Who, query = '') {
  const res = await w.get(`/api/engagement${query}`, { cookie: cookies[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EngagementReport;
}

/** The CSV file parsed back as RFC 4180 says (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  expect(field, 'the file ends with a line end').toBe('');
  return rows;
}

async function download(url: string, who: Who) {
  const res = await w.get(url, { cookie: cookies[who] });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return { rows: parseCsv(res.rawPayload.subarray(3).toString('utf8')), headers: res.headers };
}

const total = (values: number[]) =>
  Math.round(values.reduce((sum, value) => sum + value, 0) * 10) / 10;

describe('engagement across decks', () => {
  it("gives products the clients' seconds, finds read pricing and counts each rep's decks", async () => {
    const own = await w.newDeck(cookies.rep, 'Cold Chain Upgrade');
    await describeSlides(own);
    // 4 s on the battery, 6 s on the priced slide (3 s each to battery and controller).
    await visit(own, { 1: 4000, 3: 6000 });
    // Pricing on screen under 5 s is not read.
    await visit(own, { 2: 2000, 3: 4000 });
    const others = await w.newDeck(cookies.otherRep, 'Warehouse Retrofit');
    await describeSlides(others);
    await visit(others, { 2: 7000 }, { owner: 'otherRep' });

    const all = await report('manager');
    expect(all.products).toEqual([
      { productId: 'battery_backup', name: 'Battery Backup', seconds: 9, visits: 2, decks: 1 },
      { productId: 'general', name: 'General', seconds: 9, visits: 2, decks: 2 },
      { productId: 'controller', name: 'Controller', seconds: 5, visits: 2, decks: 1 },
    ]);
    expect(all.totals).toMatchObject({ visits: 3, seconds: 23, decksOpened: 2 });
    expect(all.pricingRead).toEqual([
      expect.objectContaining({ deckId: own, title: 'Cold Chain Upgrade', visits: 1, seconds: 6 }),
    ]);
    expect(all.repActivity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ repId: ids.rep, decksOpened: 1, visits: 2, decksAccepted: 0 }),
        expect.objectContaining({ repId: ids.otherRep, decksOpened: 1, visits: 1 }),
      ]),
    );
    expect(all.reps.map((rep) => rep.id)).toEqual(expect.arrayContaining([ids.rep, ids.otherRep]));

    // A manager narrows it to one rep; a rep sees only their own, and may not ask for another's.
    const oneRep = await report('manager', `?repId=${ids.otherRep}`);
    expect(oneRep.repId).toBe(ids.otherRep);
    expect(oneRep.products.map((product) => product.productId)).toEqual(['general']);
    const mine = await report('otherRep');
    expect(mine.totals.visits).toBe(1);
    expect(mine.reps).toEqual([{ id: ids.otherRep, name: 'otherRep person' }]);
    const refused = await w.get(`/api/engagement?repId=${ids.rep}`, { cookie: cookies.otherRep });
    expect(refused.statusCode).toBe(403);

    // A range that ended before the visits holds none of them.
    const earlier = await report('manager', '?from=2026-01-01&to=2026-01-31');
    expect(earlier.totals.visits).toBe(0);
    expect(earlier.products).toEqual([]);
  });

  it('measures the time from first open to acceptance, with the median', async () => {
    const quick = await w.newDeck(cookies.rep, 'Quick Yes');
    await visit(quick, { 1: 1000 });
    const opened = clock.now().getTime();
    const slow = await w.newDeck(cookies.rep, 'Slow Yes');
    await visit(slow, { 1: 1000 });
    const db = w.db();
    // Accepted 2 hours and 10 hours after their first open (the acceptance flow is tested elsewhere).
    await db
      .update(decks)
      .set({ acceptedAt: new Date(opened + 2 * 3_600_000) })
      .where(eq(decks.id, quick));
    await db
      .update(decks)
      .set({ acceptedAt: new Date(opened + 10 * 3_600_000) })
      .where(eq(decks.id, slow));
    clock.advance(11 * 3_600_000);

    const { timeToAcceptance, repActivity } = await report('manager', `?repId=${ids.rep}`);
    expect(timeToAcceptance.decks.map((deck) => [deck.title, deck.hours])).toEqual([
      ['Quick Yes', 2],
      ['Slow Yes', 10],
    ]);
    expect(timeToAcceptance.medianHours).toBe(6);
    expect(repActivity).toEqual([expect.objectContaining({ repId: ids.rep, decksAccepted: 2 })]);
  });

  it('refuses a range out of order or longer than a year, and a pending account', async () => {
    const backwards = await w.get('/api/engagement?from=2026-03-01&to=2026-02-01', {
      cookie: cookies.manager,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('to');
    const long = await w.get('/api/engagement?from=2024-01-01&to=2026-01-01', {
      cookie: cookies.manager,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('from');
    expect((await w.get('/api/engagement', { cookie: cookies.pending })).statusCode).toBe(403);
    expect((await w.get('/api/engagement.csv')).statusCode).toBe(401);
  });
});

describe('CSV export', () => {
  it("writes one row per visit and slide, adding up to the link's analytics", async () => {
    const deckId = await w.newDeck(cookies.rep, 'Export "Q4", Northwind');
    await describeSlides(deckId);
    const first = await visit(
      deckId,
      { 1: 2500, 2: 1250, 3: 6000 },
      {
        recipientName: 'Ann, "the buyer"',
      },
    );
    const second = await visit(deckId, { 3: 3333 }, { recipientName: '=cmd|calc' });

    const { rows, headers } = await download(`/api/decks/${deckId}/engagement.csv`, 'rep');
    expect(headers['content-disposition']).toBe(
      'attachment; filename="Export -Q4- Northwind - slide times.csv"; ' +
        "filename*=UTF-8''Export%20-Q4-%2C%20Northwind%20-%20slide%20times.csv",
    );
    const [header, ...body] = rows;
    expect(header).toEqual([
      'Visit',
      'Recipient',
      'Started',
      'Verified e-mail',
      'Slide',
      'Title',
      'Seconds',
    ]);
    expect(body.map((row) => [row[0], row[1], row[4], row[5], row[6]])).toEqual([
      [first.visitId, 'Ann, "the buyer"', '1', 'Slide title 1', '2.5'],
      [first.visitId, 'Ann, "the buyer"', '2', 'Slide title 2', '1.25'],
      [first.visitId, 'Ann, "the buyer"', '3', 'Slide title 3', '6'],
      [second.visitId, "'=cmd|calc", '3', 'Slide title 3', '3.333'],
    ]);
    expect(body.every((row) => !Number.isNaN(Date.parse(row[2]!)) && row[2]!.endsWith('Z'))).toBe(
      true,
    );
    for (const { linkId, visitId } of [first, second]) {
      const analytics = await w.analytics(deckId, linkId);
      const fromAnalytics = total(
        (analytics.slides as { totalMs: number }[]).map((slide) => slide.totalMs / 1000),
      );
      const fromCsv = total(body.filter((row) => row[0] === visitId).map((row) => Number(row[6])));
      expect(fromCsv).toBe(fromAnalytics);
    }

    // The link analytics page's export: that link's visits only.
    const oneLink = await download(
      `/api/decks/${deckId}/engagement.csv?linkId=${second.linkId}`,
      'rep',
    );
    expect(oneLink.rows.slice(1).map((row) => row[0])).toEqual([second.visitId]);

    const products = await download(`/api/decks/${deckId}/engagement.csv?rows=products`, 'rep');
    expect(products.rows[0]).toEqual([
      'Visit',
      'Recipient',
      'Started',
      'Verified e-mail',
      'Product',
      'Seconds',
    ]);
    const firstProducts = products.rows.filter((row) => row[0] === first.visitId);
    expect(firstProducts.map((row) => [row[4], row[5]])).toEqual([
      ['Battery Backup', '5.5'],
      ['Controller', '3'],
      ['General', '1.3'],
    ]);
    // By product or by slide, a visit's seconds add up to the same total.
    expect(total(firstProducts.map((row) => Number(row[5])))).toBe(total([2.5, 1.25, 6]));
  });

  it("never gives a rep another rep's deck, and exports across decks within the caller's reach", async () => {
    const deckId = await w.newDeck(cookies.rep, 'Private Numbers');
    await visit(deckId, { 1: 1000 });
    const otherDeck = await w.newDeck(cookies.otherRep, 'Other Numbers');
    await visit(otherDeck, { 2: 2000 }, { owner: 'otherRep' });

    expect(
      (await w.get(`/api/decks/${deckId}/engagement.csv`, { cookie: cookies.otherRep })).statusCode,
    ).toBe(404);
    expect(
      (await w.get(`/api/engagement.csv?repId=${ids.rep}`, { cookie: cookies.otherRep }))
        .statusCode,
    ).toBe(403);
    expect(
      (await w.get(`/api/decks/${deckId}/engagement.csv?rows=visits`, { cookie: cookies.rep }))
        .statusCode,
    ).toBe(400);

    const managers = await download('/api/engagement.csv', 'manager');
    expect(managers.rows[0]!.slice(0, 4)).toEqual(['Deck', 'Client', 'Owner', 'Visit']);
    const titles = new Set(managers.rows.slice(1).map((row) => row[0]));
    expect(titles).toContain('Private Numbers');
    expect(titles).toContain('Other Numbers');
    expect(managers.headers['content-disposition']).toMatch(
      /^attachment; filename="Engagement \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d - slide times\.csv"$/,
    );

    const reps = await download('/api/engagement.csv', 'otherRep');
    expect(new Set(reps.rows.slice(1).map((row) => row[2]))).toEqual(new Set(['otherRep person']));
    const filtered = await download(`/api/engagement.csv?repId=${ids.rep}`, 'admin');
    expect(filtered.rows.slice(1).some((row) => row[0] === 'Other Numbers')).toBe(false);
  });
});
