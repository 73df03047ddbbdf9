import { eq } from 'drizzle-orm';
import { BOOK_CURRENCY, priceListSchema, type PriceList } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { priceLists } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { marketsLock } from './change-market.ts';
import { readMarkets, readPriceLists } from './market-store.ts';

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', message, { fields: { [field]: message } });

/** How a list's prices are made, in words, for the audit log. */
function describeList(list: PriceList) {
  if (!list.derived) return `${list.currency}: entered per product`;
  const { from, rate, rounding } = list.derived;
  return `${list.currency}: ${from} × ${rate}, rounded (${rounding})`;
}

/**
 * Creates or changes a price list (admins): entered per product, or derived from another list
 * (the book's US dollars or a list that exists) at a rate, never in a circle. Decks already made
 * keep the lists they were priced with.
 */
export async function savePriceList(
  services: Pick<Services, 'db' | 'clock'>,
  {
    user,
    currency,
    derived,
    note = '',
  }: { user: Pick<User, 'id'>; currency: string; derived: PriceList['derived']; note?: string },
): Promise<PriceList> {
  if (currency === BOOK_CURRENCY) {
    throw invalid(
      'currency',
      `${BOOK_CURRENCY} is the price book's own currency: its prices are each product's.`,
    );
  }
  const parsed = priceListSchema.safeParse({ currency, derived });
  if (!parsed.success) throw invalid('derived.from', parsed.error.issues[0]!.message);
  const list = parsed.data;
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await tx.execute(marketsLock);
    const lists = await readPriceLists(tx);
    const old = lists.find((existing) => existing.currency === currency);
    if (list.derived) {
      const others = new Map(lists.map((other) => [other.currency, other]));
      others.set(currency, list);
      const { from } = list.derived;
      if (from !== BOOK_CURRENCY && !others.has(from)) {
        throw invalid('derived.from', `There is no price list in ${from} to derive from.`);
      }
      // Follow the lists it is derived from back to an entered one: never back to itself.
      const seen = new Set([currency]);
      for (let step = others.get(from); step?.derived; step = others.get(step.derived.from)) {
        if (seen.has(step.derived.from)) {
          throw invalid(
            'derived.from',
            `${currency} cannot be derived from ${from}: ${from} is derived from ${currency}.`,
          );
        }
        seen.add(step.currency);
      }
    }
    await tx
      .insert(priceLists)
      .values({ currency, list, updatedBy: user.id, updatedAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: priceLists.currency,
        set: { list, updatedBy: user.id, updatedAt: now },
      });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'price_list.changed',
      subject: { kind: 'price_list', id: currency, label: currency },
      oldValue: old ? describeList(old) : null,
      newValue: note ? `${describeList(list)} (${note})` : describeList(list),
      at: now,
    });
  });
  return list;
}

/**
 * Deletes a price list (admins): refused (409) while a market quotes in its currency or another
 * list is derived from it. Products keep the prices entered in it (they show again if it is
 * added back).
 */
export async function deletePriceList(
  services: Pick<Services, 'db' | 'clock'>,
  { user, currency }: { user: Pick<User, 'id'>; currency: string },
): Promise<void> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await tx.execute(marketsLock);
    const lists = await readPriceLists(tx);
    const old = lists.find((list) => list.currency === currency);
    if (!old) throw new AppError('not_found', `There is no price list in ${currency}.`);
    const users = (await readMarkets(tx)).filter((market) => market.currency === currency);
    if (users.length > 0) {
      throw new AppError(
        'conflict',
        `The ${currency} list cannot be deleted: ${users.map((m) => m.name).join(', ')} quote${users.length === 1 ? 's' : ''} in it.`,
      );
    }
    const derived = lists.filter((list) => list.derived?.from === currency);
    if (derived.length > 0) {
      throw new AppError(
        'conflict',
        `The ${currency} list cannot be deleted: ${derived.map((l) => l.currency).join(', ')} ${derived.length === 1 ? 'is' : 'are'} derived from it.`,
      );
    }
    await tx.delete(priceLists).where(eq(priceLists.currency, currency));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'price_list.deleted',
      subject: { kind: 'price_list', id: currency, label: currency },
      oldValue: describeList(old),
      at: now,
    });
  });
}
