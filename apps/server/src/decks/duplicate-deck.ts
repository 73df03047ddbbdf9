import { randomUUID } from 'node:crypto';
import { deckLinks, TEXT_LIMITS, type NewVersionResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { decks } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { copyVersionFiles, loadRequestedVersion } from './deck-versions.ts';
import { versionFiles } from './version-files.ts';
import { clearanceOfDuplicate, renderedAgainReason } from '../deal-desk/clearance-of-copy.ts';
import { renderVersionAgain } from './render-draft.ts';
import { copyDeckPictures } from '../deck-edits/edited-pictures.ts';
import { writeDeckVersion } from './write-deck-version.ts';

/**
 * A new deck of the caller's own from any version of a deck they can see (to send a proposal
 * like it to another client): that version's draft and files as the new deck's version 1 (its
 * files rendered again when the caller's limits call for the watermark they lack, or lift the
 * one they carry). It starts with no shares and no client links.
 */
export async function duplicateDeck(
  services: Services,
  { user, deckId, version }: { user: User; deckId: string; version?: number | undefined },
): Promise<NewVersionResponse> {
  const source = await loadDeckFor(services, { user, deckId, need: 'view' });
  const from = await loadRequestedVersion(services.db, source, version);
  const title = copyTitle(from.title);
  const draft = {
    ...from.draft,
    basicInfo: { ...from.draft.basicInfo, deckTitle: title, userId: user.id },
  };
  // The copy is the caller's deck: checked against their limits, with no approval of its own.
  const clearance = await clearanceOfDuplicate(services, { ownerId: user.id, from });
  const again = clearance.renderAgain
    ? await renderVersionAgain(services, {
        version: from,
        draft,
        uploaderIds: [source.ownerId, user.id],
        watermark: clearance.watermark,
      })
    : undefined;
  const slideCount = again?.svgs.length ?? from.slideCount;
  const warnings = again?.warnings ?? from.warnings;
  const now = services.clock.now();
  const copyId = randomUUID();
  // Edited slides name pictures kept with their deck: the copy gets its own, before its rows.
  if (from.edited) await copyDeckPictures(services, source.id, copyId);
  const copy = await services.db.transaction(async (tx) => {
    const [deck] = await tx
      .insert(decks)
      .values({
        id: copyId,
        ownerId: user.id,
        title,
        clientName: from.clientName,
        draft,
        status: 'completed',
        slideCount,
        warnings,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const number = await writeDeckVersion(tx, {
      deckId: deck!.id,
      version: {
        draft,
        slideCount,
        slideTitles: again?.slideTitles ?? from.slideTitles,
        slideLinks: again?.slideLinks ?? from.slideLinks,
        warnings,
        presenter: from.presenter,
        libraryVersion: from.libraryVersion,
        priceBook: from.priceBook,
        pricingContext: from.pricingContext,
        dealCheck: clearance.dealCheck,
        editKind: from.editKind,
        edited: from.edited,
        slidePlan: again?.slidePlan ?? from.slidePlan,
        slideProducts: again?.slideProducts ?? from.slideProducts,
      },
      changes: [
        `Copied from “${from.title}”, version ${from.number}`,
        ...(again ? [renderedAgainReason(clearance)] : []),
      ],
      createdBy: user.id,
      at: now,
    });
    if (again) {
      await services.fileStore.put(tx, deck!.id, versionFiles(number, again));
    } else {
      await copyVersionFiles(
        services,
        tx,
        { deckId: source.id, number: from.number },
        { deckId: deck!.id, number },
      );
    }
    return { deck: deck!, number };
  });
  return {
    presentationId: copy.deck.id,
    ...deckLinks(copy.deck.id),
    version: copy.number,
    warnings,
  };
}

/** "Title (copy)", within the title's length limit. */
function copyTitle(title: string) {
  const suffix = ' (copy)';
  return title.slice(0, TEXT_LIMITS.deckTitle - suffix.length) + suffix;
}
