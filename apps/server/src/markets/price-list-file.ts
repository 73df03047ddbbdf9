import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BOOK_CURRENCY,
  MalformedPriceFile,
  productPricesIn,
  readPriceFile,
  writePriceFile,
  type PriceList,
  type PriceListImportResult,
  type ProductPrices,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { priceBookEntries } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { entriesAt, forgetProductNames, readPriceBookEntries } from '../price-book/price-book.ts';
import { marketsLock } from './change-market.ts';
import { readPriceLists } from './market-store.ts';

/** The list in `currency`: the book's own (US dollars), another that exists, or a 404. */
function findList(lists: readonly PriceList[], currency: string): PriceList {
  if (currency === BOOK_CURRENCY) return { currency, derived: null };
  const list = lists.find((candidate) => candidate.currency === currency);
  if (!list) throw new AppError('not_found', `There is no price list in ${currency}.`);
  return list;
}

/**
 * A price list as a file (every product in force now, retired ones too, in the book's order):
 * an entered list's prices, or a derived list's as computed; empty cells where a product has
 * no price in it.
 */
export async function exportPriceList(db: Db, currency: string, at: Date): Promise<string> {
  const lists = await readPriceLists(db);
  findList(lists, currency);
  const products = entriesAt(await readPriceBookEntries(db), at).map(
    ({ current }) => current.product,
  );
  return writePriceFile(
    currency,
    products.map((product) => ({
      id: product.id,
      name: product.name,
      prices: productPricesIn(product, currency, lists),
    })),
  );
}

const samePrices = (a: ProductPrices | undefined, b: ProductPrices) =>
  a !== undefined &&
  a.msrp === b.msrp &&
  a.basePrice === b.basePrice &&
  a.whiteGloveShipping === b.whiteGloveShipping &&
  a.flatRateShipping === b.flatRateShipping;

/** What went wrong with rows, as a 400's fields: `row 3, msrp` → the problem. */
function rowProblems(problems: PriceListImportResult['problems']) {
  const fields = Object.fromEntries(
    problems.map((problem) => [
      problem.column ? `row ${problem.row}, ${problem.column}` : `row ${problem.row}`,
      problem.message,
    ]),
  );
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return new AppError(
    'validation_failed',
    `Nothing was imported: row ${first.row}${first.column ? `, ${first.column}` : ''}: ${first.message}${more}`,
    { fields },
  );
}

/**
 * Imports a file of prices into an entered list (admins): previewed (what would change, the
 * products it has no row for, the rows that cannot be used) unless `apply`, when every changed
 * product gets a new price book entry from now and the audit log one row for the import. A file
 * that is not a price list, a derived list or the book's own, and (when applying) any row with
 * a problem change nothing (400).
 */
export async function importPriceList(
  services: Pick<Services, 'db' | 'clock'>,
  {
    user,
    currency,
    file,
    apply,
  }: { user: Pick<User, 'id'>; currency: string; file: string; apply: boolean },
): Promise<PriceListImportResult> {
  if (currency === BOOK_CURRENCY) {
    throw new AppError(
      'validation_failed',
      `${BOOK_CURRENCY} prices are each product's own: change them in the product editor.`,
    );
  }
  let read;
  try {
    read = readPriceFile(file, currency);
  } catch (error) {
    if (error instanceof MalformedPriceFile) {
      throw new AppError('validation_failed', `Not a price list file: ${error.message}`, {
        fields: { file: error.message },
      });
    }
    throw error;
  }
  const now = services.clock.now();
  const result = await services.db.transaction(async (tx) => {
    // A settled list (not made derived meanwhile) and a settled book (no product change meanwhile).
    await tx.execute(marketsLock);
    await tx.execute(sql`select pg_advisory_xact_lock(16017)`);
    const list = findList(await readPriceLists(tx), currency);
    if (list.derived) {
      throw new AppError(
        'validation_failed',
        `The ${currency} list is derived from ${list.derived.from} at ${list.derived.rate}: make it entered before importing its prices.`,
      );
    }
    const inForce = entriesAt(await readPriceBookEntries(tx), now).map(({ current }) => current);
    const byId = new Map(inForce.map((entry) => [entry.productId, entry]));
    const problems = [...read.problems];
    const changes: PriceListImportResult['changes'] = [];
    let unchanged = 0;
    for (const row of read.rows) {
      const entry = byId.get(row.productId);
      if (!entry) {
        problems.push({
          row: row.row,
          column: 'productId',
          message: `The price book has no product “${row.productId}”.`,
        });
        continue;
      }
      const before = entry.product.prices?.[currency];
      if (samePrices(before, row.prices)) unchanged += 1;
      else {
        changes.push({
          row: row.row,
          productId: row.productId,
          name: entry.product.name,
          before: before ?? null,
          after: row.prices,
        });
      }
    }
    problems.sort((a, b) => a.row - b.row);
    const inFile = new Set(read.rows.map((row) => row.productId));
    const missing = inForce
      .filter((entry) => !inFile.has(entry.productId) && entry.product.active)
      .map((entry) => ({
        productId: entry.productId,
        name: entry.product.name,
        priced: entry.product.prices?.[currency] !== undefined,
      }));
    const answer: PriceListImportResult = {
      currency,
      applied: false,
      rows: read.rows.length + new Set(read.problems.map((problem) => problem.row)).size,
      changes,
      unchanged,
      missing,
      problems,
    };
    if (!apply) return answer;
    if (problems.length > 0) throw rowProblems(problems);
    // Each product's new entry takes its place in the book's order.
    const placed = await tx
      .select({
        productId: priceBookEntries.productId,
        position: sql<number>`max(${priceBookEntries.position})`,
      })
      .from(priceBookEntries)
      .groupBy(priceBookEntries.productId);
    const positions = new Map(placed.map((row) => [row.productId, Number(row.position)]));
    for (const change of changes) {
      const { product } = byId.get(change.productId)!;
      await tx.insert(priceBookEntries).values({
        id: randomUUID(),
        productId: product.id,
        position: positions.get(product.id)!,
        product: { ...product, prices: { ...product.prices, [currency]: change.after } },
        effectiveFrom: now,
        note: `${currency} prices imported from a file`,
        createdBy: user.id,
        createdAt: now,
      });
    }
    const names = changes.map((change) => change.name);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'price_list.changed',
      newValue:
        changes.length === 0
          ? `${currency}: prices imported from a file, none changed`
          : `${currency}: prices imported from a file, ${changes.length} changed (${names.join(', ')})`,
      at: now,
    });
    return { ...answer, applied: true };
  });
  if (result.applied) forgetProductNames(services.db);
  return result;
}
