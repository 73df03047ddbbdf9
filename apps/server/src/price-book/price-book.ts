import { asc, eq, type SQL } from 'drizzle-orm';
import {
  productKindOf,
  type DeckPriceBook,
  type PriceBook,
  type PriceBookEntry,
  type ProductId,
} from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { priceBookEntries, users } from '../db/schema.ts';

/** The moment the built-in price book holds from: before any deck. */
const SEED_EFFECTIVE_FROM = new Date('2000-01-01T00:00:00Z');
export const builtInPriceBookNote = 'The built-in price book';

/**
 * Stores the built-in price book (SPEC.md §9) when the database has none (a first start); any
 * number of processes may ask at once: each entry's fixed id lets one store it.
 */
export async function seedPriceBook(db: Db) {
  await db
    .insert(priceBookEntries)
    .values(
      SEED_PRICE_BOOK.products.map((product, position) => ({
        id: `seed-${product.id}`,
        productId: product.id,
        position,
        product,
        effectiveFrom: SEED_EFFECTIVE_FROM,
        note: builtInPriceBookNote,
      })),
    )
    .onConflictDoNothing({ target: priceBookEntries.id });
}

const entriesQuery = (db: Db, where?: SQL) =>
  db
    .select({
      entry: priceBookEntries,
      creator: { name: users.name, email: users.email },
    })
    .from(priceBookEntries)
    .leftJoin(users, eq(users.id, priceBookEntries.createdBy))
    .where(where)
    .orderBy(
      asc(priceBookEntries.position),
      asc(priceBookEntries.effectiveFrom),
      asc(priceBookEntries.createdAt),
      asc(priceBookEntries.sequence),
    );
const everyEntry = preparedQuery((db) => entriesQuery(db).prepare('price_book_entries'));

/** Every entry of the price book, oldest effective date first, with who made it. */
export async function readPriceBookEntries(
  db: Db,
  productId?: ProductId,
): Promise<PriceBookEntry[]> {
  // The whole book is read for every deck: built once.
  const rows = await (productId
    ? entriesQuery(db, eq(priceBookEntries.productId, productId))
    : everyEntry(db).execute());
  return rows.map(({ entry, creator }) => ({
    id: entry.id,
    productId: entry.productId,
    // An entry stored before products had a kind sells goods.
    product: { ...entry.product, kind: productKindOf(entry.product), id: entry.productId },
    effectiveFrom: entry.effectiveFrom.toISOString(),
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
    createdBy: creator?.email ? { name: creator.name ?? '', email: creator.email } : null,
  }));
}

/**
 * Each product's entry in force at `at` (its latest effective date not after it; of two with
 * the same date, the later made), and the changes scheduled after it, in the book's order.
 */
export function entriesAt(entries: readonly PriceBookEntry[], at: Date) {
  const byProduct = new Map<ProductId, { current?: PriceBookEntry; scheduled: PriceBookEntry[] }>();
  for (const entry of entries) {
    const slot = byProduct.get(entry.productId) ?? { scheduled: [] };
    byProduct.set(entry.productId, slot);
    if (new Date(entry.effectiveFrom) > at) slot.scheduled.push(entry);
    else if (!slot.current || !isBefore(entry, slot.current)) slot.current = entry;
  }
  return [...byProduct.values()].flatMap(({ current, scheduled }) =>
    current
      ? [
          {
            current,
            scheduled: scheduled.sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)),
          },
        ]
      : [],
  );
}

/**
 * Whether `a` gives way to `b`: an earlier date, or the same date made earlier. Entries come in
 * the order they were made, so of two made in the same instant the later one (`a`) wins.
 */
function isBefore(a: PriceBookEntry, b: PriceBookEntry) {
  return (
    a.effectiveFrom < b.effectiveFrom ||
    (a.effectiveFrom === b.effectiveFrom && a.createdAt < b.createdAt)
  );
}

/** The price book in force now: every product (retired ones too, for the decks that name them). */
export async function currentPriceBook(db: Db, at = new Date()) {
  const entries = entriesAt(await readPriceBookEntries(db), at).map(({ current }) => current);
  const book: PriceBook = { products: entries.map((entry) => entry.product) };
  return { entries, book };
}

/** The products documents bind (`{{product.<id>.…}}`, or a condition on one), once each. */
export function productsNamedBy(documents: readonly object[]): ProductId[] {
  const named = new Set<ProductId>();
  for (const match of JSON.stringify(documents).matchAll(/product\.([a-z][a-z0-9_]{0,63})\./g)) {
    named.add(match[1]!);
  }
  return [...named];
}

/** The entries a deck version is priced from: the ones of the products it names. */
export function recordPriceBook(
  entries: readonly PriceBookEntry[],
  productIds: readonly ProductId[],
): DeckPriceBook {
  const wanted = new Set(productIds);
  return {
    products: entries
      .filter((entry) => wanted.has(entry.productId))
      .map((entry) => ({
        ...entry.product,
        entryId: entry.id,
        effectiveFrom: entry.effectiveFrom,
      })),
  };
}

/** How long a process trusts the product names it read (another process may rename one). */
const namesFor = 5_000;
const names = new WeakMap<Db, { at: number; names: Promise<ReadonlyMap<ProductId, string>> }>();

/**
 * Every product's name now, by id, for lists that name a deck's products: read at most every
 * few seconds per process (a rename shows in lists within that; decks themselves are unaffected).
 */
export function productNames(db: Db): Promise<ReadonlyMap<ProductId, string>> {
  const cached = names.get(db);
  if (cached && Date.now() - cached.at < namesFor) return cached.names;
  const read = currentPriceBook(db).then(
    ({ book }) => new Map(book.products.map((product) => [product.id, product.name])),
  );
  names.set(db, { at: Date.now(), names: read });
  read.catch(() => names.delete(db));
  return read;
}

/** Forgets the names read, after this process changed the price book. */
export function forgetProductNames(db: Db) {
  names.delete(db);
}
