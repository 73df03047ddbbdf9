import { eq } from 'drizzle-orm';
import type { User } from '../auth/sessions.ts';
import { decks } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { settleDeckSharing } from './settle-deck-sharing.ts';

/**
 * Moves a deck to the archive, or back. An archived deck leaves the recent lists but can still
 * be found and opened, and its client links keep working until revoked: archiving tidies the
 * rep's list, it takes nothing away from a client. Back from the archive, the deck is shared
 * again when someone outside its team can still open it.
 */
export async function setDeckArchived(
  services: Services,
  { user, deckId, archived }: { user: User; deckId: string; archived: boolean },
) {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  if ((deck.status === 'archived') === archived) return;
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    if (archived) {
      await tx
        .update(decks)
        .set({ status: 'archived', archivedAt: now, updatedAt: now })
        .where(eq(decks.id, deck.id));
      return;
    }
    await tx
      .update(decks)
      .set({ status: 'shared', archivedAt: null, updatedAt: now })
      .where(eq(decks.id, deck.id));
    await settleDeckSharing(tx, { ...deck, status: 'shared' }, now);
  });
}
