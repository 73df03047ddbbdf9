import { isUuid } from '@deck-portal/domain';
import { and, eq } from 'drizzle-orm';
import type { User } from '../auth/sessions.ts';
import { deckShares, decks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';

export type DeckRow = typeof decks.$inferSelect;

const sees = (user: User) => user.role === 'manager' || user.role === 'admin';

export function canManageDeck(user: User, deck: DeckRow) {
  return deck.ownerId === user.id || sees(user);
}

/**
 * The deck when the caller may see it (owner, manager, admin, or — for `view` — a share
 * recipient); anyone else is told it does not exist.
 */
export async function loadDeckFor(
  { db }: Pick<Services, 'db'>,
  { user, deckId, need }: { user: User; deckId: string; need: 'view' | 'manage' },
): Promise<DeckRow> {
  const notFound = new AppError('not_found', 'Deck not found.');
  if (!isUuid(deckId)) throw notFound;
  const [deck] = await db.select().from(decks).where(eq(decks.id, deckId));
  if (!deck) throw notFound;
  if (canManageDeck(user, deck)) return deck;
  if (need === 'view') {
    const [share] = await db
      .select({ id: deckShares.id })
      .from(deckShares)
      .where(and(eq(deckShares.deckId, deck.id), eq(deckShares.email, user.email)));
    if (share) return deck;
  }
  throw notFound;
}
