import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckListApp, type DeckListApp } from './helpers/deck-list-app.ts';

// The lists say when a client last opened any of a deck's links, however many visits it had.
let app: DeckListApp;

beforeAll(async () => {
  app = await deckListApp();
  await app.writeDecks([
    { title: 'Much seen', clientName: 'Seen Ltd', createdAt: '2026-03-03T00:00:00Z' },
    { title: 'Link unopened', clientName: 'Unopened Ltd', createdAt: '2026-03-02T00:00:00Z' },
    { title: 'No link', clientName: 'Nolink Ltd', createdAt: '2026-03-01T00:00:00Z' },
  ]);
  const { db } = app;
  await db.execute(sql`
    insert into client_links (deck_id, token_hash, recipient_name, recipient_email)
    select d.id, d.title || k, 'Reader', 'reader@client.example'
    from decks d, generate_series(1, 2) as k where d.title in ('Much seen', 'Link unopened')`);
  // The first link opened 3,000 times long ago, the second a few times, the newest last week.
  await db.execute(sql`
    insert into client_link_visits (link_id, started_at)
    select l.id, timestamptz '2026-03-10T00:00:00Z' + g * interval '1 minute'
    from client_links l, generate_series(1, 3000) as g where l.token_hash = 'Much seen1'`);
  await db.execute(sql`
    insert into client_link_visits (link_id, started_at)
    select l.id, timestamptz '2026-04-20T09:30:00Z' - g * interval '1 day'
    from client_links l, generate_series(0, 4) as g where l.token_hash = 'Much seen2'`);
}, 120_000);

afterAll(async () => {
  await app.close();
});

async function lastViewed(url: string) {
  const { recentDecks } = await app.get<{
    recentDecks: { title: string; lastViewedAt: string | null }[];
  }>(url);
  return Object.fromEntries(recentDecks.map((deck) => [deck.title, deck.lastViewedAt]));
}

describe('when a client last looked, in the deck lists', () => {
  const wanted = {
    'Much seen': '2026-04-20T09:30:00.000Z',
    'Link unopened': null,
    'No link': null,
  };

  it('is the newest visit over all of the deck’s links in the managers’ list', async () => {
    expect(await lastViewed('/api/decks?scope=all&pageSize=20')).toEqual(wanted);
    expect(await lastViewed('/api/decks?scope=all&pageSize=20&client=ltd')).toEqual(wanted);
  });

  it('is the same in the owner’s recent decks', async () => {
    expect(await lastViewed('/api/recent-decks?pageSize=20')).toEqual(wanted);
  });
});
