import type { NewVersionResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { appendVersion } from './append-version.ts';
import { loadDeckFor } from './deck-access.ts';
import { assertNotAccepted } from '../proposals/deck-lock.ts';
import { copyVersionFiles, loadVersion } from './deck-versions.ts';
import { clearanceOfRestore } from '../deal-desk/clearance-of-copy.ts';

/**
 * Makes an earlier version the newest again by adding it as the next version: its draft and
 * its very files (not a new rendering), so what the client sees is exactly what they saw then.
 * The history keeps every version; nothing is overwritten.
 */
export async function restoreVersion(
  services: Services,
  { user, deckId, number }: { user: User; deckId: string; number: number },
): Promise<NewVersionResponse> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  await assertNotAccepted(services.db, deck);
  const old = await loadVersion(services.db, deck.id, number);
  if (old.number === deck.currentVersion) {
    throw new AppError('conflict', `Version ${number} is already the newest.`);
  }
  const { dealCheck, approvedByRequest } = await clearanceOfRestore(services, {
    deckId: deck.id,
    ownerId: deck.ownerId,
    from: old,
  });
  return appendVersion(services, {
    user,
    deck,
    version: {
      dealCheck,
      approvedBy: approvedByRequest,
      draft: old.draft,
      slideCount: old.slideCount,
      slideTitles: old.slideTitles,
      warnings: old.warnings,
      presenter: old.presenter,
      restoredFrom: old.number,
      libraryVersion: old.libraryVersion,
      priceBook: old.priceBook,
      storeFiles: (tx, next) =>
        copyVersionFiles(
          services,
          tx,
          { deckId: deck.id, number: old.number },
          { deckId: deck.id, number: next },
        ),
    },
  });
}
