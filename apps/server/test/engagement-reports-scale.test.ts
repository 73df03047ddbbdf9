import { describe, expect, it } from 'vitest';
import type { EngagementReport } from '@deck-portal/domain';
import { clientLinkEvents, clientLinkVisits } from '../src/db/schema.ts';
import { visitsPerPage } from '../src/engagement-reports/export-engagement-csv.ts';
import { useClientLinkWorld } from './helpers/client-links-world.ts';

const w = useClientLinkWorld();
const { clock, cookies } = w;

describe('engagement at scale', () => {
  it('exports every visit once across pages, visits started at the same moment included', async () => {
    const deckId = await w.newDeck(cookies.rep, 'Busy Deck');
    const { id: linkId } = await w.createLink(deckId);
    const visitCount = visitsPerPage * 2 + 37;
    // Ten visits share each start: the pages' keyset must break ties by id.
    const start = clock.now().getTime() - 24 * 3_600_000;
    const visits = Array.from({ length: visitCount }, (_, index) => ({
      linkId,
      startedAt: new Date(start + Math.floor(index / 10) * 60_000),
      version: 1,
      totalMs: 6000,
    }));
    const db = w.db();
    const ids: string[] = [];
    for (let index = 0; index < visits.length; index += 250) {
      const rows = await db
        .insert(clientLinkVisits)
        .values(visits.slice(index, index + 250))
        .returning({ id: clientLinkVisits.id });
      ids.push(...rows.map((row) => row.id));
    }
    const events = ids.flatMap((visitId) =>
      [1, 2, 3].map((slide) => ({
        visitId,
        slide,
        view: slide - 1,
        ms: slide * 1000,
        receivedAt: clock.now(),
      })),
    );
    for (let index = 0; index < events.length; index += 1000) {
      await db.insert(clientLinkEvents).values(events.slice(index, index + 1000));
    }

    const res = await w.get(`/api/decks/${deckId}/engagement.csv`, { cookie: cookies.rep });
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(visitCount * 3);
    const visitIds = lines.map((line) => line.split(',')[0]);
    expect(new Set(visitIds).size).toBe(visitCount);
    // Oldest first, a visit's slides together.
    const starts = lines.map((line) => line.split(',')[2]!);
    expect([...starts].sort()).toEqual(starts);

    const begun = performance.now();
    const report = await w.get('/api/engagement', { cookie: cookies.manager });
    const took = performance.now() - begun;
    expect(report.statusCode).toBe(200);
    const body = report.json() as EngagementReport;
    expect(body.totals.visits).toBeGreaterThanOrEqual(visitCount);
    // Each visit's 6 s, given to products (or General) whole.
    const productSeconds = body.products.reduce((sum, product) => sum + product.seconds, 0);
    expect(productSeconds).toBeCloseTo(body.totals.seconds, 5);
    expect(body.totals.seconds).toBeGreaterThanOrEqual(visitCount * 6);
    console.log(`engagement report over ${visitCount} visits: ${Math.round(took)} ms`);
  });
});
