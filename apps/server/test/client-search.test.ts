import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createAdmin } from './helpers/accounts.ts';
import { bulkDeckDraftJson } from './helpers/bulk-decks.ts';

// Client names that share words, as real ones do, analysed so that the search knows which
// trigrams are common ("client", "ltd", "gmbh", "cold storage") and asks the index only for the
// rest: what it finds must be what `client_name ILIKE '%text%'` finds, in the list's order.
const deckCount = 3_000;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createFakeDeckRenderer(1) });
  const admin = await createAdmin(t.app);
  cookie = admin.cookie;
  const { db } = t.app.services;
  await db.execute(sql`
    insert into decks (owner_id, title, client_name, draft, slide_count, created_at)
    select ${admin.user.id}, 'Deck ' || n, 'Client ' || n || case n % 5
        when 0 then ' Ltd' when 1 then ' Cold Storage' when 2 then ' GmbH' else '' end,
      ${bulkDeckDraftJson}::jsonb, 1, timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, ${deckCount}) as n`);
  await db.execute(sql`
    insert into decks (owner_id, title, client_name, draft, slide_count, created_at, status)
    values
      (${admin.user.id}, 'Odd 1', 'Müller & Söhne Client 2871 GmbH', ${bulkDeckDraftJson}::jsonb, 1, now(), 'completed'),
      (${admin.user.id}, 'Odd 2', 'CLIENT 2871-B 100% Cold', ${bulkDeckDraftJson}::jsonb, 1, now(), 'completed'),
      (${admin.user.id}, 'Odd 3', 'client_2871 archive', ${bulkDeckDraftJson}::jsonb, 1, now(), 'archived'),
      (${admin.user.id}, 'Odd 4', 'Nordic Client 12 Cold Storage', ${bulkDeckDraftJson}::jsonb, 1, now(), 'completed')`);
  await db.execute(sql`analyze decks`);
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

type ListAnswer = {
  recentDecks: { id: string; clientName: string }[];
  total: number;
  totalIsCapped: boolean;
  nextCursor: string | null;
};

/** Every deck the list finds for `text`, page after page. */
async function searchAll(text: string) {
  const found: string[] = [];
  let after = '';
  let first: ListAnswer | undefined;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/decks?scope=all&pageSize=100&client=${encodeURIComponent(text)}${after}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ListAnswer;
    first ??= answer;
    found.push(...answer.recentDecks.map((deck) => deck.clientName));
    if (!answer.nextCursor) break;
    after = `&after=${answer.nextCursor}`;
  }
  return { found, total: first!.total, totalIsCapped: first!.totalIsCapped };
}

/** What a plain case-insensitive substring match finds, newest first. */
async function expected(text: string) {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  const result = (await t.app.services.db.execute(sql`
    select client_name from decks where client_name ilike ${`%${escaped}%`}
    order by created_at desc, id desc`)) as unknown as
    { rows: { client_name: string }[] } | { client_name: string }[];
  return (Array.isArray(result) ? result : result.rows).map((row) => row.client_name);
}

describe('the client search on names that share words', () => {
  it('knows which trigrams of the names are common once the table is analysed', async () => {
    const result = (await t.app.services.db.execute(sql`
      select most_common_elems::text::text[] as trigrams from pg_stats_ext_exprs
      where statistics_name = 'decks_client_name_trigrams'`)) as unknown as
      { rows: { trigrams: string[] }[] } | { trigrams: string[] }[];
    const [row] = Array.isArray(result) ? result : result.rows;
    expect(row?.trigrams).toEqual(expect.arrayContaining(['cli', 'ent', 'ltd']));
  });

  it.each([
    'Client 2871',
    'client 2871',
    'Client 287',
    '2871 GmbH',
    'Client 1 Cold',
    'Cold Storage',
    'Client',
    'ltd',
    '12 Cold Storage',
    'Müller',
    'söhne client',
    '2871-B 100%',
    '100%',
    'client_2871',
    'Client 99999',
    'nt 28',
  ])('finds for "%s" the decks a substring match finds, newest first', async (text) => {
    const want = await expected(text);
    const { found, total, totalIsCapped } = await searchAll(text);
    expect(found).toEqual(want);
    expect({ total, totalIsCapped }).toEqual({
      total: Math.min(want.length, 1_000),
      totalIsCapped: want.length > 1_000,
    });
  });
});
