import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckCountCap } from '../src/decks/list-decks.ts';
import { deckListApp, type DeckListApp } from './helpers/deck-list-app.ts';

// A history past the count cap, written straight into the table (the API would take minutes).
const deckCount = deckCountCap + 5;
let app: DeckListApp;

beforeAll(async () => {
  app = await deckListApp();
  await app.writeNumberedDecks({
    count: deckCount,
    title: 'Deck ',
    clientName: sql`'Client ' || n`,
    from: '2026-01-01T00:00:00Z',
    step: '1 minute',
  });
  // Decks a microsecond apart: pages must not lose or repeat one at a page boundary.
  await app.writeNumberedDecks({
    count: 45,
    title: 'Deck µ',
    clientName: sql`'Micro ' || n`,
    from: '2025-01-01T00:00:00Z',
    step: '1 microsecond',
  });
}, 120_000);

afterAll(async () => {
  await app.close();
});

const list = (query: string) =>
  app.get<{
    recentDecks: { clientName: string }[];
    total: number;
    totalIsCapped: boolean;
    nextCursor: string | null;
  }>(`/api/decks?scope=all&pageSize=20${query}`);

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
