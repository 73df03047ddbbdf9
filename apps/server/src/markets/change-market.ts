import { eq, sql } from 'drizzle-orm';
import {
  BOOK_CURRENCY,
  DEFAULT_MARKET_CODE,
  type Market,
  type marketChangeSchema,
} from '@deck-portal/domain';
import type { z } from 'zod';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { decks, markets, priceLists, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { nextMarketPosition, readMarkets } from './market-store.ts';

/** One change to the markets or price lists at a time: the checks read a settled table. */
export const marketsLock = sql`select pg_advisory_xact_lock(16050)`;

/**
 * Creates or changes a market (admins). Its currency must be the book's own or have a price
 * list, or its decks could not be priced. The audit log keeps the market before and after.
 */
export async function saveMarket(
  services: Pick<Services, 'db' | 'clock'>,
  {
    user,
    code,
    change,
  }: { user: Pick<User, 'id'>; code: string; change: z.output<typeof marketChangeSchema> },
): Promise<Market> {
  const market: Market = { code, ...change };
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await tx.execute(marketsLock);
    if (market.currency !== BOOK_CURRENCY) {
      const [list] = await tx
        .select({ currency: priceLists.currency })
        .from(priceLists)
        .where(eq(priceLists.currency, market.currency));
      if (!list) {
        const message = `There is no price list in ${market.currency}: add one before a market quotes in it.`;
        throw new AppError('validation_failed', message, { fields: { currency: message } });
      }
    }
    const old = (await readMarkets(tx)).find((existing) => existing.code === code);
    const position = await nextMarketPosition(tx);
    await tx
      .insert(markets)
      .values({ code, position, market, updatedBy: user.id, updatedAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: markets.code,
        set: { market, updatedBy: user.id, updatedAt: now },
      });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'market.changed',
      subject: { kind: 'market', id: code, label: market.name },
      oldValue: old ? JSON.stringify(old) : null,
      newValue: JSON.stringify(market),
      at: now,
    });
  });
  return market;
}

/** The code a deck names in its draft (decks made before markets are the US's). */
const deckMarket = sql`coalesce(${decks.draft}->'basicInfo'->>'market', ${DEFAULT_MARKET_CODE})`;

/** How many decks name a market. */
async function decksNaming(tx: Db, code: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(decks)
    .where(sql`${deckMarket} = ${code}`);
  return row?.count ?? 0;
}

/**
 * Deletes a market (admins): refused (409) while a deck names it, and for the portal's default
 * market (drafts that name none are its). Reps who had it as their default lose it.
 */
export async function deleteMarket(
  services: Pick<Services, 'db' | 'clock'>,
  { user, code }: { user: Pick<User, 'id'>; code: string },
): Promise<void> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await tx.execute(marketsLock);
    const old = (await readMarkets(tx)).find((existing) => existing.code === code);
    if (!old) throw new AppError('not_found', `There is no market "${code}".`);
    if (code === DEFAULT_MARKET_CODE) {
      throw new AppError(
        'conflict',
        `${old.name} is the portal's default market: decks that name no market are its.`,
      );
    }
    const count = await decksNaming(tx, code);
    if (count > 0) {
      throw new AppError(
        'conflict',
        `${old.name} cannot be deleted: ${count === 1 ? 'a deck is' : `${count} decks are`} made for it.`,
      );
    }
    await tx.delete(markets).where(eq(markets.code, code));
    await tx.update(users).set({ market: null }).where(eq(users.market, code));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'market.deleted',
      subject: { kind: 'market', id: code, label: old.name },
      oldValue: JSON.stringify(old),
      at: now,
    });
  });
}
