import { eq } from 'drizzle-orm';
import type { User } from '../auth/sessions.ts';
import { decks } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { assertNotAccepted } from '../proposals/deck-lock.ts';
import { recordAudit } from '../users/record-audit.ts';
import { deckSubject } from '../audit/audit-subjects.ts';

/** Deletes a deck the caller manages, its files (and, by cascade, its shares) together. */
export async function deleteDeck(
  services: Services,
  { user, deckId }: { user: User; deckId: string },
) {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage', allowUnready: true });
  await assertNotAccepted(services.db, deck, { deleting: true });
  await services.db.transaction(async (tx) => {
    await services.fileStore.removeAll(tx, deck.id);
    await tx.delete(decks).where(eq(decks.id, deck.id));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'deck.deleted',
      subject: deckSubject(deck),
      oldValue: deck.clientName,
      at: services.clock.now(),
    });
  });
  // The bytes go once the rows are gone for good; a failure here leaves them to the sweep.
  await services.fileStore
    .purge(deck.id)
    .catch((error: unknown) =>
      services.log.warn({ err: error, deckId: deck.id }, 'deck files left for the sweep'),
    );
}
