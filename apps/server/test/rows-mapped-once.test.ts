import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { rowsMappedOnce } from '../src/db/rows-mapped-once.ts';
import { decks, users } from '../src/db/schema.ts';
import { bulkDeckDraftJson } from './helpers/bulk-decks.ts';
import { createTestDatabase, testDatabaseDriver } from './helpers/test-database.ts';

let database: Database;
let ownerId: string;

/** Whether the statement maps its rows from the plan made once (Drizzle's own mapping else). */
const mapsOnce = (prepared: unknown) =>
  typeof (prepared as { customResultMapper?: unknown }).customResultMapper === 'function';

/**
 * The mapper the statement was given, watched: a Drizzle that no longer called it would map
 * the rows itself, and the calls counted here would stay at none.
 */
const watchMapper = (prepared: unknown) =>
  vi.spyOn(
    prepared as { customResultMapper: (rows: unknown[][]) => unknown },
    'customResultMapper',
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [owner] = await db
    .insert(users)
    .values({ email: 'owner@example.com', name: 'Ada Owner', status: 'approved' })
    .returning({ id: users.id });
  ownerId = owner!.id;
  // Microseconds in the times, an accepted deck and one not, drafts as JSON.
  await db.execute(sql`
    insert into decks (owner_id, title, client_name, draft, slide_count, created_at, accepted_at)
    select ${ownerId}, 'Deck ' || n, 'Client ' || n, ${bulkDeckDraftJson}::jsonb, n,
      timestamptz '2026-01-02 03:04:05.123456+00' + n * interval '1 minute',
      case when n % 2 = 0 then timestamptz '2026-02-03 04:05:06.654321+00' end
    from generate_series(1, 5) as n`);
});

afterAll(async () => {
  await database.close();
});

describe(`rows mapped from a plan made once (${testDatabaseDriver})`, () => {
  it('gives the rows Drizzle gives: nested objects, dates, JSON, numbers, nulls and SQL fields', async () => {
    const { db } = database;
    const statement = () =>
      db
        .select({
          deck: {
            id: decks.id,
            title: decks.title,
            createdAt: decks.createdAt,
            acceptedAt: decks.acceptedAt,
            draft: decks.draft,
            slides: decks.slideCount,
          },
          owner: { name: users.name, status: users.status },
          productIds: sql<
            string[]
          >`jsonb_path_query_array(${decks.draft}, '$.productSelection.selectedProducts[*].id')`,
          doubled: sql<number>`${decks.slideCount} * 2`.mapWith(Number),
          nothing: sql<null>`null`,
        })
        .from(decks)
        .innerJoin(users, eq(users.id, decks.ownerId))
        .where(eq(decks.ownerId, sql.placeholder('ownerId')))
        .orderBy(desc(decks.createdAt));
    const plain = statement().prepare('mapped_once_plain');
    const once = rowsMappedOnce(statement().prepare('mapped_once_planned'));
    expect(mapsOnce(plain)).toBe(false);
    expect(mapsOnce(once)).toBe(true);
    const mapper = watchMapper(once);

    const expected = await plain.execute({ ownerId });
    const rows = await once.execute({ ownerId });
    expect(mapper).toHaveBeenCalledTimes(1);
    expect(rows).toStrictEqual(expected);
    expect(rows).toHaveLength(5);
    expect(rows[0]!.deck.createdAt).toBeInstanceOf(Date);
    expect(rows[0]!.deck.createdAt.toISOString()).toBe('2026-01-02T03:09:05.123Z');
    expect(rows.map((row) => row.deck.acceptedAt?.toISOString() ?? null)).toEqual([
      null,
      '2026-02-03T04:05:06.654Z',
      null,
      '2026-02-03T04:05:06.654Z',
      null,
    ]);
    expect(rows[0]!.deck.draft).toEqual(JSON.parse(bulkDeckDraftJson));
    expect(rows[0]!.productIds).toEqual(['controller']);
    expect(rows[0]!.doubled).toBe(10);
    expect(rows[0]!.nothing).toBeNull();
    expect(rows[0]!.owner).toEqual({ name: 'Ada Owner', status: 'approved' });
  });

  it('maps a whole table selected and a count as Drizzle does', async () => {
    const { db } = database;
    const tables = rowsMappedOnce(
      db
        .select({ deck: decks, owner: users })
        .from(decks)
        .innerJoin(users, eq(users.id, decks.ownerId))
        .prepare('mapped_once_tables'),
    );
    const counted = rowsMappedOnce(
      db.select({ value: count() }).from(decks).prepare('mapped_once_count'),
    );
    expect(mapsOnce(tables)).toBe(true);
    expect(mapsOnce(counted)).toBe(true);
    expect(await tables.execute()).toStrictEqual(
      await db
        .select({ deck: decks, owner: users })
        .from(decks)
        .innerJoin(users, eq(users.id, decks.ownerId)),
    );
    const countMapper = watchMapper(counted);
    expect(await counted.execute()).toStrictEqual([{ value: 5 }]);
    expect(countMapper).toHaveBeenCalledTimes(1);
  });

  it("keeps Drizzle's mapping where a table joined on the left may make an object null", async () => {
    const { db } = database;
    // A deck whose owner is not found: Drizzle answers `owner: null`, not an object of nulls.
    const statement = db
      .select({ deck: { title: decks.title }, owner: { name: users.name } })
      .from(decks)
      .leftJoin(users, sql`false`)
      .orderBy(decks.title)
      .limit(1)
      .prepare('mapped_once_left');
    expect(mapsOnce(rowsMappedOnce(statement))).toBe(false);
    expect(await statement.execute()).toEqual([{ deck: { title: 'Deck 1' }, owner: null }]);
  });

  it("keeps Drizzle's mapping of nested columns when the joins' map is not there to read", () => {
    const { db } = database;
    const statement = db
      .select({ deck: { title: decks.title }, owner: { name: users.name } })
      .from(decks)
      .innerJoin(users, eq(users.id, decks.ownerId))
      .prepare('mapped_once_no_map');
    // As a Drizzle that renamed it would leave it: which tables may be null is then unknown.
    delete (statement as { joinsNotNullableMap?: unknown }).joinsNotNullableMap;
    expect(mapsOnce(rowsMappedOnce(statement))).toBe(false);
  });

  it('leaves a statement without selected columns alone', async () => {
    const { db } = database;
    const statement = db
      .update(decks)
      .set({ title: sql`${decks.title}` })
      .where(eq(decks.id, sql.placeholder('id')))
      .prepare('mapped_once_update');
    expect(mapsOnce(rowsMappedOnce(statement))).toBe(false);
  });
});
