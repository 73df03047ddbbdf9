import type { NewVersionResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { appendVersion } from './append-version.ts';
import { loadDeckFor } from './deck-access.ts';
import { assertNotAccepted } from '../proposals/deck-lock.ts';
import { copyVersionFiles, loadVersion } from './deck-versions.ts';
import { versionFiles } from './version-files.ts';
import { clearanceOfRestore, renderedAgainReason } from '../deal-desk/clearance-of-copy.ts';
import { renderVersionAgain } from './render-draft.ts';
import { deckSubject } from '../audit/audit-subjects.ts';
import { recordAudit } from '../users/record-audit.ts';

/**
 * Makes an earlier version the newest again by adding it as the next version: its draft and
 * its very files (not a new rendering), so what the client sees is exactly what they saw then —
 * unless the deal desk now calls for the watermark its files lack, or lifts the one they carry:
 * then it is rendered again as it was made, watermark added or left off. The history keeps every
 * version; nothing is overwritten.
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
  const clearance = await clearanceOfRestore(services, {
    deckId: deck.id,
    ownerId: deck.ownerId,
    from: old,
  });
  const again = clearance.renderAgain
    ? await renderVersionAgain(services, {
        version: old,
        uploaderIds: [deck.ownerId, user.id],
        watermark: clearance.watermark,
      })
    : undefined;
  return appendVersion(services, {
    user,
    deck,
    version: {
      dealCheck: clearance.dealCheck,
      approvedBy: clearance.approvedByRequest,
      draft: old.draft,
      slideCount: again?.svgs.length ?? old.slideCount,
      slideTitles: again?.slideTitles ?? old.slideTitles,
      slideLinks: again?.slideLinks ?? old.slideLinks,
      warnings: again?.warnings ?? old.warnings,
      presenter: old.presenter,
      restoredFrom: old.number,
      ...(again ? { reason: renderedAgainReason(clearance) } : {}),
      libraryVersion: old.libraryVersion,
      priceBook: old.priceBook,
      pricingContext: old.pricingContext,
      editKind: old.editKind,
      edited: old.edited,
      slidePlan: again?.slidePlan ?? old.slidePlan,
      slideProducts: again?.slideProducts ?? old.slideProducts,
      storeFiles: (tx, next) =>
        again
          ? services.fileStore.put(tx, deck.id, versionFiles(next, again))
          : copyVersionFiles(
              services,
              tx,
              { deckId: deck.id, number: old.number },
              { deckId: deck.id, number: next },
            ),
      beforeCommit: (tx, next) =>
        recordAudit(tx, {
          actorId: user.id,
          action: 'deck.version_restored',
          subject: deckSubject(deck),
          oldValue: String(old.number),
          newValue: String(next),
          at: services.clock.now(),
        }),
    },
  });
}
