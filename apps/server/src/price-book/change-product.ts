import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_CREDIT_PERCENT,
  formatMoney,
  formatUsd,
  type PriceBookEntry,
  type ProductFields,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { priceBookEntries } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { entriesAt, forgetProductNames, readPriceBookEntries } from './price-book.ts';

type ParsedChange = { product: ProductFields; effectiveFrom?: string | undefined; note: string };

/** Changes a moment in the past may not take; a minute covers a slow form. */
const pastAllowance = 60_000;

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', message, { fields: { [field]: message } });

/** A new product's id from its name: `cold_room_kit`, made unique with `_2`, `_3`… */
function productIdFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'product';
  // Slides bind products as `product.<id>.…`, where an id starts with a letter.
  const slug = /^[a-z]/.test(base) ? base : `p_${base}`;
  let id = slug;
  for (let n = 2; taken.has(id); n += 1) id = `${slug}_${n}`;
  return id;
}

/** What changed between two entries of a product, in words, for the audit log. */
function describeChange(
  before: ParsedChange['product'] | undefined,
  after: ParsedChange['product'],
) {
  if (!before) return `${after.name} (${formatUsd(after.basePrice)})`;
  const parts: string[] = [];
  if (before.basePrice !== after.basePrice)
    parts.push(`unit price ${formatUsd(before.basePrice)} → ${formatUsd(after.basePrice)}`);
  if (before.msrp !== after.msrp)
    parts.push(`MSRP ${formatUsd(before.msrp)} → ${formatUsd(after.msrp)}`);
  if (before.creditEligible !== after.creditEligible)
    parts.push(after.creditEligible ? 'credit applies' : 'credit no longer applies');
  const percent = (product: ParsedChange['product']) =>
    product.creditPercent ?? DEFAULT_CREDIT_PERCENT;
  if (after.creditEligible && percent(before) !== percent(after))
    parts.push(`credit ${percent(before)}% → ${percent(after)}%`);
  if (before.active !== after.active) parts.push(after.active ? 'sold again' : 'retired');
  if (before.name !== after.name) parts.push(`renamed “${after.name}”`);
  // Prices entered in other currencies' lists (issue 50), one part per currency changed.
  const currencies = new Set([
    ...Object.keys(before.prices ?? {}),
    ...Object.keys(after.prices ?? {}),
  ]);
  for (const currency of [...currencies].sort()) {
    const was = before.prices?.[currency];
    const is = after.prices?.[currency];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    if (!is) parts.push(`no longer priced in ${currency}`);
    else parts.push(`unit price in ${currency} ${formatMoney(is.basePrice, currency)}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'details edited';
}

/**
 * Adds an entry to the price book: a change to `productId` from its effective date (now when
 * left out), or a new product when `productId` is undefined. Decks already made keep the entries
 * they were priced from. Everything is in the audit log.
 */
export async function changeProduct(
  services: Services,
  { user, productId, change }: { user: User; productId?: string; change: ParsedChange },
): Promise<PriceBookEntry> {
  const now = services.clock.now();
  const effectiveFrom = change.effectiveFrom ? new Date(change.effectiveFrom) : now;
  if (effectiveFrom.getTime() < now.getTime() - pastAllowance) {
    throw invalid('effectiveFrom', 'A change cannot take effect in the past.');
  }
  const id = await services.db.transaction(async (tx) => {
    // One change at a time: the SKU check and the new position read a settled book.
    await tx.execute(sql`select pg_advisory_xact_lock(16017)`);
    const entries = await readPriceBookEntries(tx);
    const inForce = entriesAt(entries, now);
    const existing = productId ? inForce.find((p) => p.current.productId === productId) : undefined;
    if (productId && !existing) {
      throw new AppError('not_found', `The price book has no product “${productId}”.`);
    }
    const sku = change.product.sku.toLowerCase();
    const clash = inForce.find(
      (p) => p.current.productId !== productId && p.current.product.sku.toLowerCase() === sku,
    );
    if (clash) {
      throw invalid(
        'product.sku',
        `The SKU ${change.product.sku} is ${clash.current.product.name}’s.`,
      );
    }
    const newId =
      productId ?? productIdFor(change.product.name, new Set(entries.map((e) => e.productId)));
    const [placed] = await tx
      .select({
        own: sql<
          number | null
        >`max(${priceBookEntries.position}) filter (where ${priceBookEntries.productId} = ${newId})`,
        last: sql<number | null>`max(${priceBookEntries.position})`,
      })
      .from(priceBookEntries);
    const position = placed?.own ?? (placed?.last ?? -1) + 1;
    const entryId = randomUUID();
    await tx.insert(priceBookEntries).values({
      id: entryId,
      productId: newId,
      position,
      product: { ...change.product, id: newId },
      effectiveFrom,
      note: change.note,
      createdBy: user.id,
      createdAt: now,
    });
    await recordAudit(tx, {
      actorId: user.id,
      action: existing ? 'product.changed' : 'product.created',
      subject: { kind: 'product', id: newId, label: change.product.name },
      oldValue: existing ? existing.current.product.name : null,
      newValue: `${describeChange(existing?.current.product, change.product)}, from ${effectiveFrom.toISOString()}`,
      at: now,
    });
    return entryId;
  });
  forgetProductNames(services.db);
  const entry = (await readPriceBookEntries(services.db)).find((e) => e.id === id);
  if (!entry) throw new Error(`price book entry ${id} vanished`);
  return entry;
}
