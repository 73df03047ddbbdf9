import { randomUUID } from 'node:crypto';
import { deckLinks, TEXT_LIMITS, type NewVersionResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { decks } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { loadRequestedVersion } from './deck-versions.ts';
import { versionFiles, versionPrefix } from './version-files.ts';
import { clearanceOfDuplicate, renderedAgainReason } from '../deal-desk/clearance-of-copy.ts';
import { keptVersionContent, renderVersionAgain } from './render-draft.ts';
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
  const kept = keptVersionContent(from, again);
  const { slideCount, warnings } = kept;
  const now = services.clock.now();
  const copyId = randomUUID();
  // Edited slides name pictures kept with their deck: the copy gets its own, before its rows.
  if (from.edited) await copyDeckPictures(services, source.id, copyId);
  // Its files go in before its rows, outside the transaction: the deck is new, so nothing else
  // writes under its id. Should its rows not commit, they go (ADR 085).
  const files = again
    ? await services.fileStore.upload(copyId, versionFiles(1, again))
    : await services.fileStore.copy(services.db, {
        from: { deckId: source.id, prefix: versionPrefix(from.number) },
        to: { deckId: copyId, prefix: versionPrefix(1) },
      });
  const copy = await services.db
    .transaction(async (tx) => {
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
          ...kept,
          dealCheck: clearance.dealCheck,
        },
        changes: [
          `Copied from “${from.title}”, version ${from.number}`,
          ...(again ? [renderedAgainReason(clearance)] : []),
        ],
        createdBy: user.id,
        at: now,
      });
      if (number !== 1) throw new Error(`the new deck ${copyId} was given version ${number}`);
      await services.fileStore.record(tx, files);
      return { deck: deck!, number };
    })
    .catch(async (error: unknown) => {
      await services.fileStore.purge(copyId).catch(() => {});
      throw error;
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
