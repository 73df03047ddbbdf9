import { randomUUID } from 'node:crypto';
import type { NewVersionResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { appendVersion } from './append-version.ts';
import { loadDeckFor } from './deck-access.ts';
import { assertNotAccepted } from '../proposals/deck-lock.ts';
import { loadVersion, withStagedFiles } from './deck-versions.ts';
import { filesUnder, stagingPrefix, versionPrefix } from './version-files.ts';
import { clearanceOfRestore, renderedAgainReason } from '../deal-desk/clearance-of-copy.ts';
import { keptVersionContent, renderVersionAgain } from './render-draft.ts';
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
  // Its files are staged before the transaction that numbers it (copied, or written as drawn
  // again), which then moves them under its number (ADR 085): the transaction waits on renames,
  // not on copying ~23 files.
  const staging = stagingPrefix(randomUUID());
  const staged = again
    ? await services.fileStore.upload(deck.id, filesUnder(staging, again))
    : await services.fileStore.copy(services.db, {
        from: { deckId: deck.id, prefix: versionPrefix(old.number) },
        to: { deckId: deck.id, prefix: staging },
      });
  return withStagedFiles(services, { deckId: deck.id, files: staged, staging }, (storeFiles) =>
    appendVersion(services, {
      user,
      deck,
      version: {
        dealCheck: clearance.dealCheck,
        approvedBy: clearance.approvedByRequest,
        draft: old.draft,
        ...keptVersionContent(old, again),
        restoredFrom: old.number,
        ...(again ? { reason: renderedAgainReason(clearance) } : {}),
        storeFiles,
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
    }),
  );
}
