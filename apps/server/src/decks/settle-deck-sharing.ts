import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { clientLinks, deckShares, decks } from '../db/schema.ts';
import type { DeckRow } from './deck-access.ts';

/**
 * A shared deck left with no way in for anyone outside its team (no share, no active client
 * link) is completed again. Runs inside the transaction that took the last way away.
 */
export async function settleDeckSharing(tx: Db, deck: DeckRow, now: Date) {
  if (deck.status !== 'shared') return;
  const [share] = await tx
    .select({ id: deckShares.id })
    .from(deckShares)
    .where(eq(deckShares.deckId, deck.id))
    .limit(1);
  const [activeLink] = await tx
    .select({ id: clientLinks.id })
    .from(clientLinks)
    .where(
      and(
        eq(clientLinks.deckId, deck.id),
        isNull(clientLinks.revokedAt),
        or(isNull(clientLinks.expiresAt), gt(clientLinks.expiresAt, now)),
      ),
    )
    .limit(1);
  if (share || activeLink) return;
  await tx.update(decks).set({ status: 'completed', updatedAt: now }).where(eq(decks.id, deck.id));
}
