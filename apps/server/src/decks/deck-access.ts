import { isUuid, type DeckAccess } from '@deck-portal/domain';
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

/** Whether an access lets its holder edit the deck (online, or by bringing an edited file). */
export const canEditDeck = (access: DeckAccess | null) => access === 'manage' || access === 'edit';

export const viewOnlyMessage = 'You can view this deck; ask its owner for edit access.';

/**
 * What the caller may do with a deck: `manage` for its owner, managers and admins; a share
 * recipient what the share says; null for anyone else.
 */
export async function deckAccessOf(db: Db, user: User, deck: DeckRow): Promise<DeckAccess | null> {
  if (canManageDeck(user, deck)) return 'manage';
  const [share] = await db
    .select({ access: deckShares.access })
    .from(deckShares)
    .where(and(eq(deckShares.deckId, deck.id), eq(deckShares.email, user.email)));
  return share?.access ?? null;
}

type Need = 'view' | 'edit' | 'manage';
type LoadOptions = { user: User; deckId: string; need: Need; allowUnready?: boolean };

/**
 * The deck when the caller may see it (owner, manager, admin; a share recipient for `view`, and
 * for `edit` when the share says "can edit"); anyone else is told it does not exist. A recipient
 * who may only view is refused `edit` with 403 `view_only`, which says whom to ask. A deck still
 * generating, or whose generation failed, has no files yet: it is refused (409) unless
 * `allowUnready`.
 */
export async function loadDeckFor(services: Pick<Services, 'db'>, options: LoadOptions) {
  return (await loadDeckAccessFor(services, options)).deck;
}

/** As loadDeckFor, with what the caller may do with the deck. */
export async function loadDeckAccessFor(
  { db }: Pick<Services, 'db'>,
  { user, deckId, need, allowUnready = false }: LoadOptions,
): Promise<{ deck: DeckRow; access: DeckAccess }> {
  const found = await findVisibleDeck(db, user, deckId, need);
  if (!allowUnready) assertDeckReady(found.deck);
  return found;
}

async function findVisibleDeck(db: Db, user: User, deckId: string, need: Need) {
  const notFound = new AppError('not_found', 'Deck not found.');
  if (!isUuid(deckId)) throw notFound;
  const [deck] = await db.select().from(decks).where(eq(decks.id, deckId));
  if (!deck) throw notFound;
  const access = await deckAccessOf(db, user, deck);
  // A share never lets its recipient manage: to them, as to a stranger, the deck is not there.
  if (access === null || (need === 'manage' && access !== 'manage')) throw notFound;
  if (need === 'edit' && !canEditDeck(access)) {
    throw new AppError('view_only', viewOnlyMessage, { status: 403 });
  }
  return { deck, access };
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
