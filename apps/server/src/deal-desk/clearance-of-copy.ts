import type { Services } from '../services.ts';
import type { DeckVersionRow } from '../decks/deck-versions.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import { decideClearance, isVersionCleared } from './version-clearance.ts';

/**
 * The clearance of a version made by copying an earlier one (a restore, a duplicate): its
 * prices checked from the price book the earlier version was priced from (the current one for
 * versions made before decks recorded theirs).
 */
export async function clearanceOfCopy(
  services: Pick<Services, 'db' | 'clock'>,
  { deckId, ownerId, from }: { deckId: string | null; ownerId: string; from: DeckVersionRow },
) {
  const priceBook =
    from.priceBook ?? (await currentPriceBook(services.db, services.clock.now())).book;
  return decideClearance(services.db, {
    deckId,
    ownerId,
    selection: from.draft.productSelection,
    priceBook,
  });
}

/**
 * A restore copies the earlier version's very files, watermark or none, so its clearance
 * follows them: a watermarked version comes back needing approval (Modify → Generate with the
 * same prices clears it again if they were approved since); one its approval cleared comes
 * back cleared by that approval, since its figures are exactly the approved ones.
 */
export async function clearanceOfRestore(
  services: Pick<Services, 'db' | 'clock'>,
  { deckId, ownerId, from }: { deckId: string; ownerId: string; from: DeckVersionRow },
) {
  const clearance = await clearanceOfCopy(services, { deckId, ownerId, from });
  if (!clearance.dealCheck.needsApproval) return clearance;
  if (!isVersionCleared(from)) return { ...clearance, approvedByRequest: null };
  return { ...clearance, approvedByRequest: clearance.approvedByRequest ?? from.approvedBy };
}
