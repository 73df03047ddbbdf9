import { asc, sql } from 'drizzle-orm';
import { SEED_MARKETS, SEED_PRICE_LISTS, type Market, type PriceList } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { markets, priceLists } from '../db/schema.ts';

/**
 * Stores the seeded markets and price lists (US, JP, AE, DE; euros, yen, dirhams) when the
 * portal has no market yet: a first start. The default market cannot be deleted, so the table
 * is never empty again and an admin's deletions stay deleted. Any number of processes may ask
 * at once: the codes are keys, so one stores each.
 */
export async function seedMarkets(db: Db) {
  const [any] = await db.select({ code: markets.code }).from(markets).limit(1);
  if (any) return;
  await db
    .insert(markets)
    .values(SEED_MARKETS.map((market, position) => ({ code: market.code, position, market })))
    .onConflictDoNothing({ target: markets.code });
  await db
    .insert(priceLists)
    .values(SEED_PRICE_LISTS.map((list) => ({ currency: list.currency, list })))
    .onConflictDoNothing({ target: priceLists.currency });
}

const allMarkets = preparedQuery((db) =>
  db
    .select({ market: markets.market })
    .from(markets)
    .orderBy(asc(markets.position), asc(markets.code))
    .prepare('read_markets'),
);

/** Every market, in the portal's order. */
export async function readMarkets(db: Db): Promise<Market[]> {
  const rows = await allMarkets(db).execute();
  return rows.map((row) => row.market);
}

const allPriceLists = preparedQuery((db) =>
  db
    .select({ list: priceLists.list, updatedAt: priceLists.updatedAt })
    .from(priceLists)
    .orderBy(asc(priceLists.currency))
    .prepare('read_price_lists'),
);

/** Every price list but the book's own, with when each was last changed. */
export async function readPriceListRows(db: Db) {
  return allPriceLists(db).execute();
}

/** Every price list but the book's own (US dollars, the products' own prices). */
export async function readPriceLists(db: Db): Promise<PriceList[]> {
  return (await readPriceListRows(db)).map((row) => row.list);
}

/** The next position at the end of the markets' order. */
export async function nextMarketPosition(db: Db): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${markets.position})` })
    .from(markets);
  return (row?.last ?? -1) + 1;
}
