import type { Services } from '../services.ts';
import type { DeckVersionRow } from '../decks/deck-versions.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import { decideClearance, isVersionCleared, type VersionClearance } from './version-clearance.ts';

/**
 * The clearance of a version made from an earlier one (a restore, a duplicate), and whether the
 * earlier version's files can be copied: they can when their watermark, or its absence, is what
 * the new version's clearance calls for; otherwise the version is rendered again (limits
 * tightened since the earlier one was made clean, or its prices approved since it was
 * watermarked).
 */
export type CopyClearance = VersionClearance & { renderAgain: boolean };

/**
 * A restore: the earlier version's prices, from the price book it was priced from, checked
 * against the limits of the deck owner's role now. An approval that cleared the earlier version
 * still clears it (its figures are exactly the approved ones), as does the deck's newest
 * approval of the same figures.
 */
export function clearanceOfRestore(
  services: Pick<Services, 'db' | 'clock'>,
  { deckId, ownerId, from }: { deckId: string; ownerId: string; from: DeckVersionRow },
) {
  return clearanceOfCopy(services, { deckId, ownerId, from, keepApproval: true });
}

/** A duplicate: the caller's new deck, checked against their limits, with no approval of its own. */
export function clearanceOfDuplicate(
  services: Pick<Services, 'db' | 'clock'>,
  { ownerId, from }: { ownerId: string; from: DeckVersionRow },
) {
  return clearanceOfCopy(services, { deckId: null, ownerId, from, keepApproval: false });
}

async function clearanceOfCopy(
  services: Pick<Services, 'db' | 'clock'>,
  {
    deckId,
    ownerId,
    from,
    keepApproval,
  }: { deckId: string | null; ownerId: string; from: DeckVersionRow; keepApproval: boolean },
): Promise<CopyClearance> {
  // Versions made before decks recorded their price book are checked against today's.
  const priceBook =
    from.priceBook ?? (await currentPriceBook(services.db, services.clock.now())).book;
  const decided = await decideClearance(services.db, {
    deckId,
    ownerId,
    selection: from.draft.productSelection,
    priceBook,
    pricing: from.pricingContext ?? undefined,
  });
  const clearance =
    keepApproval && decided.watermark && from.approvedBy
      ? { ...decided, approvedByRequest: from.approvedBy, watermark: undefined }
      : decided;
  const filesWatermarked = !isVersionCleared(from);
  return { ...clearance, renderAgain: filesWatermarked !== (clearance.watermark !== undefined) };
}

/** The version's first change line when it is rendered again rather than copied. */
export function renderedAgainReason(clearance: VersionClearance) {
  if (clearance.watermark) {
    return 'Made again with the “pending approval” watermark: its prices now need approval';
  }
  return clearance.approvedByRequest
    ? 'Made again without the watermark: its prices are approved'
    : 'Made again without the watermark: its prices need no approval';
}
