import { isUuid } from '@deck-portal/domain';
import { and, eq } from 'drizzle-orm';
import type { User } from '../auth/sessions.ts';
import { deckShares, decks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Db } from '../db/database.ts';
import type { Services } from '../services.ts';

export type DeckRow = typeof decks.$inferSelect;

const sees = (user: User) => user.role === 'manager' || user.role === 'admin';

export function canManageDeck(user: User, deck: DeckRow) {
  return deck.ownerId === user.id || sees(user);
}

/**
 * The deck when the caller may see it (owner, manager, admin, or — for `view` — a share
 * recipient); anyone else is told it does not exist. A deck still generating, or whose
 * generation failed, has no files yet: it is refused (409) unless `allowUnready`.
 */
export async function loadDeckFor(
  { db }: Pick<Services, 'db'>,
  {
    user,
    deckId,
    need,
    allowUnready = false,
  }: { user: User; deckId: string; need: 'view' | 'manage'; allowUnready?: boolean },
): Promise<DeckRow> {
  const deck = await findVisibleDeck(db, user, deckId, need);
  if (!allowUnready) assertDeckReady(deck);
  return deck;
}

async function findVisibleDeck(db: Db, user: User, deckId: string, need: 'view' | 'manage') {
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

function assertDeckReady(deck: DeckRow) {
  if (deck.status === 'generating') {
    throw new AppError(
      'deck_generating',
      'This deck is still being generated. Try again in a moment.',
      {
        status: 409,
      },
    );
  }
  if (deck.status === 'failed') {
    throw new AppError(
      'deck_failed',
      'This deck could not be generated, so it has no files. Open it and choose Try again.',
      { status: 409 },
    );
  }
}
