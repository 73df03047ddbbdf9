import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckCountCap, searchCountCap } from '../src/decks/list-decks.ts';
import { asksGrams, clientNameMatches, indexedParts } from '../src/decks/client-search.ts';
import { deckListApp, type DeckListApp } from './helpers/deck-list-app.ts';

// Client names that share words, as real ones do, analysed so that the search knows which
// trigrams are common ("client", "ltd", "gmbh", "cold storage") and asks the index only for the
// rest: what it finds must be what `client_name ILIKE '%text%'` finds, in the list's order.
const deckCount = 3_000;
let app: DeckListApp;

beforeAll(async () => {
  app = await deckListApp();
  await app.writeNumberedDecks({
    count: deckCount,
    title: 'Deck ',
    clientName: sql`'Client ' || n || case n % 5
      when 0 then ' Ltd' when 1 then ' Cold Storage' when 2 then ' GmbH' else '' end`,
    from: '2026-01-01T00:00:00Z',
    step: '1 minute',
  });
  await app.writeDecks([
    {
      title: 'Odd 1',
      clientName: 'Müller & Söhne Client 2871 GmbH',
      createdAt: '2027-01-01T00:00:00Z',
    },
    { title: 'Odd 2', clientName: 'CLIENT 2871-B 100% Cold', createdAt: '2027-01-01T00:00:00Z' },
    {
      title: 'Odd 3',
      clientName: 'client_2871 archive',
      createdAt: '2027-01-01T00:00:00Z',
      status: 'archived',
    },
    {
      title: 'Odd 4',
      clientName: 'Nordic Client 12 Cold Storage',
      createdAt: '2027-01-01T00:00:00Z',
    },
    // A long rare word is asked of the index by three of its trigrams (3f2, 9c8, 1d7): a name
    // holding them in that order but not the word must not be found.
    { title: 'Hex 1', clientName: 'Client 3f2a9c81d7e4', createdAt: '2027-01-02T00:00:00Z' },
    { title: 'Hex 2', clientName: 'Client 3F2A9C81D7', createdAt: '2027-01-03T00:00:00Z' },
    { title: 'Hex 3', clientName: 'Client 3f2 x9c8 1d7e4', createdAt: '2027-01-04T00:00:00Z' },
    // And of the grams index by its first and last five characters (3f2a9, c81d7): a name
    // holding both runs but not the word must not be found either.
    { title: 'Hex 4', clientName: 'Client 3F2A9-C81D7', createdAt: '2027-01-05T00:00:00Z' },
    { title: 'Odd 5', clientName: 'Hällström Nordic Oy', createdAt: '2027-01-06T00:00:00Z' },
    { title: 'Odd 6', clientName: 'İSTANBUL Liman AŞ', createdAt: '2027-01-07T00:00:00Z' },
    { title: 'Odd 7', clientName: 'Client ABCDI\u0307 Ltd', createdAt: '2027-01-08T00:00:00Z' },
  ]);
  await app.db.execute(sql`analyze decks`);
}, 120_000);

afterAll(async () => {
  await app.close();
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
    const answer = await app.get<ListAnswer>(
      `/api/decks?scope=all&pageSize=100&client=${encodeURIComponent(text)}${after}`,
    );
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
  const rows = await app.rows<{ client_name: string }>(sql`
    select client_name from decks where client_name ilike ${`%${escaped}%`}
    order by created_at desc, id desc`);
  return rows.map((row) => row.client_name);
}

describe('the client search on names that share words', () => {
  it('knows which trigrams of the names are common once the table is analysed', async () => {
    const [row] = await app.rows<{ trigrams: string[] }>(sql`
      select most_common_elems::text::text[] as trigrams from pg_stats_ext_exprs
      where statistics_name = 'decks_client_name_trigrams'`);
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
    '3f2a9c81d7',
    'Client 3f2a9c81d7e4',
    '2a9c81',
    'Müller & Söhne',
    '3f2a9c81d7e4',
    '3F2A9',
    'a9c81d',
    'HÄLLSTRÖM',
    'llströ',
    'Client 28711',
    'İstanbul',
    'Hällström 3F2A9C81D7',
    'ABCDI\u0307',
  ])('finds for "%s" the decks a substring match finds, newest first', async (text) => {
    const want = await expected(text);
    const { found, total, totalIsCapped } = await searchAll(text);
    expect(found).toEqual(want);
    expect({ total, totalIsCapped }).toEqual({
      total: Math.min(want.length, searchCountCap),
      totalIsCapped: want.length > searchCountCap,
    });
  });
});

describe('what of a rare word the index is asked for', () => {
  it.each([
    ['9876', ['9876']],
    ['Söhne', ['Söhne']],
    ['Müller', ['Mül', 'ler']],
    ['3f2a9c81', ['3f2', 'c81']],
    ['3f2a9c81d7', ['3f2', '9c8', '1d7']],
    ['3f2a9c81d7e4b5a6', ['3f2', '1d7', '5a6']],
    // 'ΘΕΣ' lower-cased alone ends in the final ς, which the name's σ inside the word is not.
    ['ΘΕΣΣΑΛΟΝΙΚΗ', ['ΘΕΣΣΑΛΟΝΙΚΗ']],
    ['θεσσαλονικη', ['θεσ', 'αλο', 'ικη']],
  ])('asks for %s as %j', (word, parts) => {
    expect(indexedParts(word)).toEqual(parts);
  });
});

describe('which rare words the grams index is asked for', () => {
  it.each([
    ['9876', false],
    ['98765', true],
    ['3f2a9c81d7', true],
    ['Hällström', true],
    ['İSTANBUL', true],
    // Σ lower-cases by the next letter under ICU: the word alone could read otherwise.
    ['ΘΕΣΣΑΛΟΝΙΚΗ', false],
    ['θεσσαλονικη', true],
  ])('%s: %s', (word, asked) => {
    expect(asksGrams(word)).toBe(asked);
  });

  it('is asked for the long rare words of a search, not the trigram index', async () => {
    expect(await clientNameMatches(app.db, 'Client 3f2a9c81d7')).toEqual({
      kind: 'grams',
      values: {
        clientWord: '3f2a9c81d7',
        clientOtherWord: '3f2a9c81d7',
        clientWhole: '%Client 3f2a9c81d7%',
      },
    });
    expect((await clientNameMatches(app.db, 'Hällström 3F2A9C81D7 x')).values).toMatchObject({
      clientWord: 'Hällström',
      clientOtherWord: '3F2A9C81D7',
    });
    // A word a combining mark ends (İ typed as I and a dot) is asked for with its mark, whole.
    expect(await clientNameMatches(app.db, 'Client ABCDI\u0307 Ltd')).toEqual({
      kind: 'name',
      values: { clientPattern: '%Client ABCDI\u0307 Ltd%' },
    });
    // A short rare word is still the trigram index's.
    expect((await clientNameMatches(app.db, 'Client 2871')).kind).toBe('rareWords');
    const plan = await app.rows<{ 'QUERY PLAN': string }>(sql`
      explain select id from decks
      where client_name_grams(client_name) @> array[left(lower('3F2A9C81D7'), 5), right(lower('3F2A9C81D7'), 5)]`);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      'decks_client_name_grams_idx',
    );
  });
});

describe("the client search's indexes", () => {
  it('are written straight, with no pending list for a search to read through', async () => {
    // With GIN's pending list, a search reads every entry written since the last merge, and the
    // embedded database has no autovacuum to merge them.
    const indexes = await app.rows<{ name: string; options: string[] | null }>(sql`
      select c.relname as name, c.reloptions as options from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      where i.indrelid = 'decks'::regclass and am.amname = 'gin' order by c.relname`);
    expect(indexes).toEqual([
      { name: 'decks_client_name_grams_idx', options: ['fastupdate=off'] },
      { name: 'decks_client_name_trgm_idx', options: ['fastupdate=off'] },
    ]);
  });
});

describe('a search asked for by page number', () => {
  const pageOf = (text: string, page: number) =>
    app.get<ListAnswer>(
      `/api/decks?scope=all&pageSize=20&page=${page}&client=${encodeURIComponent(text)}`,
    );

  it.each([
    ['Cold Storage', 3],
    ['Client', 2],
    ['Client', 60],
    ['Client 2871', 1],
  ])('shows for "%s" page %i as the substring match has it, and its total', async (text, page) => {
    const want = await expected(text);
    const answer = await pageOf(text, page);
    expect(answer.recentDecks.map((deck) => deck.clientName)).toEqual(
      want.slice((page - 1) * 20, page * 20),
    );
    expect({ total: answer.total, totalIsCapped: answer.totalIsCapped }).toEqual({
      total: Math.min(want.length, searchCountCap),
      totalIsCapped: want.length > searchCountCap,
    });
  });

  it('still says how many decks match on a page past the last one', async () => {
    const want = await expected('Client 287');
    expect(want.length).toBeGreaterThan(10);
    const answer = await pageOf('Client 287', 5);
    expect(answer.recentDecks).toEqual([]);
    expect({ total: answer.total, totalIsCapped: answer.totalIsCapped }).toEqual({
      total: want.length,
      totalIsCapped: false,
    });
  });

  it('past the last page of a common word, says only that more than the cap match', async () => {
    const want = await expected('Cold Storage');
    expect(want.length).toBeGreaterThan(searchCountCap);
    const answer = await pageOf('Cold Storage', 40);
    expect(answer.recentDecks).toEqual([]);
    expect(answer).toMatchObject({ total: searchCountCap, totalIsCapped: true });
  });
});

describe("a search's count", () => {
  it(`stops at ${searchCountCap} where the list without a search counts to ${deckCountCap}`, async () => {
    const plain = await app.get<ListAnswer>('/api/decks?scope=all&pageSize=20');
    expect(plain).toMatchObject({ total: deckCountCap, totalIsCapped: true });
    const searched = await app.get<ListAnswer>('/api/decks?scope=all&pageSize=20&client=Client');
    expect(searched).toMatchObject({ total: searchCountCap, totalIsCapped: true });
    // A page after a position counts the same way.
    const after = await app.get<ListAnswer>(
      `/api/decks?scope=all&pageSize=20&client=Client&after=${searched.nextCursor}`,
    );
    expect(after).toMatchObject({ total: searchCountCap, totalIsCapped: true });
    expect(after.recentDecks).toHaveLength(20);
  });
});
