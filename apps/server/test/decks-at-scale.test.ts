import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckCountCap } from '../src/decks/list-decks.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createAdmin } from './helpers/accounts.ts';
import { bulkDeckDraftJson } from './helpers/bulk-decks.ts';

// A history past the count cap, written straight into the table (the API would take minutes).
const deckCount = deckCountCap + 5;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createFakeDeckRenderer(1) });
  const admin = await createAdmin(t.app);
  cookie = admin.cookie;
  await t.app.services.db.execute(sql`
    insert into decks (owner_id, title, client_name, draft, slide_count, created_at)
    select ${admin.user.id}, 'Deck ' || n, 'Client ' || n, ${bulkDeckDraftJson}::jsonb, 1,
      timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, ${deckCount}) as n`);
  // Decks a microsecond apart: pages must not lose or repeat one at a page boundary.
  await t.app.services.db.execute(sql`
    insert into decks (owner_id, title, client_name, draft, slide_count, created_at)
    select ${admin.user.id}, 'Deck µ' || n, 'Micro ' || n, ${bulkDeckDraftJson}::jsonb, 1,
      timestamptz '2025-01-01 00:00:00+00' + n * interval '1 microsecond'
    from generate_series(1, 45) as n`);
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

const list = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/decks?scope=all&pageSize=20${query}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    recentDecks: { clientName: string }[];
    total: number;
    totalIsCapped: boolean;
    nextCursor: string | null;
  };
};

describe(`the managers' list past ${deckCountCap.toLocaleString('en-US')} decks`, () => {
  it('counts up to the cap and says so, and pages on by position', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: deckCountCap, totalIsCapped: true });
    expect(first.recentDecks[0]!.clientName).toBe(`Client ${deckCount}`);
    let answer = first;
    for (let page = 2; page <= 5; page += 1) answer = await list(`&after=${answer.nextCursor}`);
    expect(answer.recentDecks[0]!.clientName).toBe(`Client ${deckCount - 80}`);
  });

  it('finds a client anywhere in the history', async () => {
    const found = await list('&client=client%2077');
    expect(found.totalIsCapped).toBe(false);
    expect(found.recentDecks.map((deck) => deck.clientName)).toEqual(
      expect.arrayContaining(['Client 77', 'Client 770', 'Client 779']),
    );
    expect(found.total).toBe(11);
  });

  it('pages exactly through decks made within the same millisecond', async () => {
    const seen: string[] = [];
    let answer = await list('&client=micro');
    for (;;) {
      seen.push(...answer.recentDecks.map((deck) => deck.clientName));
      if (!answer.nextCursor) break;
      answer = await list(`&client=micro&after=${answer.nextCursor}`);
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `Micro ${45 - i}`));
  });
});
